/** The job search's filters in words (the summary above the results) and their local copy for visitors. */
import { EMPTY_SEARCH_FILTERS, searchFiltersSchema, type ProcedureType, type SearchFilters } from '@domain/postings';
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

export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return JSON.stringify(searchFiltersSchema.parse(a)) === JSON.stringify(searchFiltersSchema.parse(b));
}

/**
 * Visitors' filters live for the browser session, so coming back from a job keeps the search.
 * Only filters that narrow it are stored: a stored key means the search differs from the one the
 * server renders (app/routes/jobs/browse.tsx, entry-server.tsx).
 */
export const VISITOR_FILTERS_KEY = 'tenens.job-search.filters';

export function hasVisitorFilters(): boolean {
  try {
    return sessionStorage.getItem(VISITOR_FILTERS_KEY) !== null;
  } catch {
    return false;
  }
}

export function loadVisitorFilters(): SearchFilters {
  try {
    const stored = sessionStorage.getItem(VISITOR_FILTERS_KEY);
    const parsed = searchFiltersSchema.safeParse(stored ? JSON.parse(stored) : {});
    return parsed.success ? parsed.data : EMPTY_SEARCH_FILTERS;
  } catch {
    return EMPTY_SEARCH_FILTERS;
  }
}

export function storeVisitorFilters(filters: SearchFilters): void {
  try {
    if (sameFilters(filters, EMPTY_SEARCH_FILTERS)) sessionStorage.removeItem(VISITOR_FILTERS_KEY);
    else sessionStorage.setItem(VISITOR_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage full or blocked: the search still works, it is just not remembered.
  }
}
