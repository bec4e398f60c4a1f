import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { PostingSearchPage } from '@domain/postings';

import { postingKeys } from './keys';

/**
 * GET /job-postings?...&sort=&limit=&offset= : one page of live postings and the total. `params`
 * is the shared searchParams(filters, sort, limit, offset).
 */
export function searchPostings(params: Record<string, string>, options?: RequestOptions): Promise<PostingSearchPage> {
  return api.get<PostingSearchPage>('/job-postings', { ...options, query: params });
}

export const searchPostingsQueryOptions = (params: Record<string, string>) =>
  queryOptions({
    queryKey: postingKeys.search(params),
    queryFn: ({ signal }) => searchPostings(params, { signal }),
    // Paging and sorting keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useSearchPostings = (params: Record<string, string>, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...searchPostingsQueryOptions(params), enabled });
