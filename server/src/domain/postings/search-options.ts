import type { SearchFilters } from './search';

/**
 * Job search's choices and defaults, without its schemas (search.ts): a page that shows a search
 * uses these without building a validator it does not need yet.
 */
export const SEARCH_SORTS = ['newest', 'rate_desc', 'rate_asc', 'start_date', 'contract_value_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest first',
  rate_desc: 'Highest rate',
  rate_asc: 'Lowest rate',
  start_date: 'Soonest start',
  contract_value_desc: 'Highest contract value',
};

export const ON_CALL_CHOICES = ['any', 'with_call', 'no_call'] as const;
export const MALPRACTICE_CHOICES = ['any', 'provided'] as const;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * Search counts matches up to this many and pages through these first ones only: an exact count
 * of a broad search walks every live posting on every page (issue #13). A total at the cap comes
 * with total_capped, and the client says '1,000+ jobs'; narrower filters reach the rest.
 */
export const SEARCH_TOTAL_CAP = 1_000;

/** The filters that narrow nothing: every schema default of searchFiltersSchema (a unit test holds them equal). */
export const EMPTY_SEARCH_FILTERS: SearchFilters = {
  location: '',
  license: '',
  procedureTypes: [],
  onCall: 'any',
  supervision: 'any',
  malpracticeInsurance: 'any',
};

/** The query string for saved filters, as the client sends it. */
export function searchParams(filters: SearchFilters, sort: SearchSort, limit: number, offset: number): Record<string, string> {
  const params: Record<string, string> = { sort, limit: String(limit), offset: String(offset) };
  if (filters.location) params.location = filters.location;
  if (filters.license) params.license = filters.license;
  if (filters.procedureTypes.length > 0) params.procedure_types = filters.procedureTypes.join(',');
  if (filters.onCall !== 'any') params.on_call = filters.onCall;
  if (filters.supervision !== 'any') params.supervision = filters.supervision;
  if (filters.malpracticeInsurance !== 'any') params.malpractice = filters.malpracticeInsurance;
  return params;
}
