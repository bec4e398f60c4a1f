import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { SearchFilters } from '@domain/postings';

import { postingKeys } from './keys';

/** GET /applicants/search-filters: the applicant's saved job search filters (defaults when none). */
export function getSearchFilters(options?: RequestOptions): Promise<SearchFilters> {
  return api.get<SearchFilters>('/applicants/search-filters', options);
}

export const searchFiltersQueryOptions = () =>
  queryOptions({
    queryKey: postingKeys.savedFilters(),
    queryFn: ({ signal }) => getSearchFilters({ signal }),
    staleTime: Infinity,
  });

export const useSavedSearchFilters = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...searchFiltersQueryOptions(), enabled });
