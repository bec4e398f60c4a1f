/** The job search's filters in words (the summary above the results) and their local copy for visitors. */
import { EMPTY_SEARCH_FILTERS, type ProcedureType, type SearchFilters } from '@domain/postings';
import { usStateName } from '@domain/accounts/us-states';

import { SUPERVISION_LABELS } from './labels';

export const ON_CALL_LABELS = { any: 'Any', with_call: 'With call', no_call: 'No call' } as const;
export const MALPRACTICE_LABELS = { any: 'Any', provided: 'Malpractice provided' } as const;

export interface FilterChip {
  key: keyof SearchFilters;
  label: string;
}

/** One short phrase per filter that narrows the search, in the panel's order. */
export function describeFilters(filters: SearchFilters, procedureTypes: readonly ProcedureType[] | undefined): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.location) chips.push({ key: 'location', label: `Near “${filters.location}”` });
  if (filters.license) chips.push({ key: 'license', label: `${usStateName(filters.license) ?? filters.license} license` });
  if (filters.procedureTypes.length > 0) {
    const names = filters.procedureTypes.map((id) => procedureTypes?.find((type) => type.id === id)?.name ?? `#${id}`);
    chips.push({
      key: 'procedureTypes',
      label: names.length > 2 ? `${names.slice(0, 2).join(', ')} +${names.length - 2} more` : names.join(', '),
    });
  }
  if (filters.onCall !== 'any') chips.push({ key: 'onCall', label: ON_CALL_LABELS[filters.onCall] });
  if (filters.supervision !== 'any') chips.push({ key: 'supervision', label: SUPERVISION_LABELS[filters.supervision] });
  if (filters.malpracticeInsurance !== 'any') chips.push({ key: 'malpracticeInsurance', label: MALPRACTICE_LABELS.provided });
  return chips;
}

export function withoutFilter(filters: SearchFilters, key: keyof SearchFilters): SearchFilters {
  return { ...filters, [key]: EMPTY_SEARCH_FILTERS[key] };
}

/**
 * Visitors' filters live for the browser session, so coming back from a job keeps the search.
 * Only filters that narrow it are stored: a stored key means the search differs from the one the
 * server renders (app/routes/jobs/browse.tsx, entry-server.tsx).
 */
export const VISITOR_FILTERS_KEY = 'tenens.job-search.filters';

export function hasVisitorFilters(): boolean {
  return storedVisitorFilters() !== null;
}

function storedVisitorFilters(): string | null {
  try {
    return sessionStorage.getItem(VISITOR_FILTERS_KEY);
  } catch {
    return null;
  }
}

/**
 * The visitor's stored filters, checked against the filters' schema, which loads only then: most
 * visits have none, and building it would hold up the search's first render.
 */
export async function loadVisitorFilters(): Promise<SearchFilters> {
  const stored = storedVisitorFilters();
  if (!stored) return EMPTY_SEARCH_FILTERS;
  try {
    const { searchFiltersSchema } = await import('@domain/postings/search');
    const parsed = searchFiltersSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : EMPTY_SEARCH_FILTERS;
  } catch {
    return EMPTY_SEARCH_FILTERS;
  }
}

export function storeVisitorFilters(filters: SearchFilters): void {
  try {
    if (describeFilters(filters, undefined).length === 0) sessionStorage.removeItem(VISITOR_FILTERS_KEY);
    else sessionStorage.setItem(VISITOR_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage full or blocked: the search still works, it is just not remembered.
  }
}
