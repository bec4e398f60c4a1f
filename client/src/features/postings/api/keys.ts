/** Query keys of the postings feature, in one place so mutations and live updates agree. */
export const postingKeys = {
  all: ['job-postings'] as const,
  mine: () => ['job-postings', 'mine'] as const,
  detail: (id: string) => ['job-postings', 'detail', id] as const,
  searches: () => ['job-postings', 'search'] as const,
  search: (params: Record<string, string>) => ['job-postings', 'search', params] as const,
  procedureTypes: () => ['job-postings', 'procedure-types'] as const,
  savedFilters: () => ['applicants', 'search-filters'] as const,
};
