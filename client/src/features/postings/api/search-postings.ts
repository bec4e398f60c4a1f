import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { useLiveEvent } from '@/hooks/use-live-updates';
import { api, type RequestOptions } from '@/lib/api-client';
import { EMPTY_SEARCH_FILTERS, type PostingSearchPage } from '@domain/postings';

import { pageOfUrl, searchQuery } from '../lib/pagination';
import { postingKeys } from './keys';

/**
 * GET /job-postings?...&sort=&limit=&offset= : one page of live postings and the total, counted up
 * to SEARCH_TOTAL_CAP (total_capped: more match). `params` is the shared searchParams(filters,
 * sort, limit, offset).
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

/**
 * The page of the search a visitor without filters sees at this URL (its sort and paging): the
 * server fetches it before it renders /browse, under the key JobSearch reads.
 */
export function prefetchVisitorSearch(queryClient: QueryClient, url: URLSearchParams) {
  return queryClient.fetchQuery(searchPostingsQueryOptions(searchQuery(EMPTY_SEARCH_FILTERS, pageOfUrl(url))));
}

/**
 * `personal`: the rows carry the signed-in applicant's own bids, which change elsewhere (a bid
 * made on the job's page, a facility's counter): such a page is refetched whenever it is shown
 * again, and at once when one of their bids changes while it is on screen.
 */
export function useSearchPostings(
  params: Record<string, string>,
  { enabled = true, personal = false }: { enabled?: boolean; personal?: boolean } = {},
) {
  const queryClient = useQueryClient();
  useLiveEvent('bid.updated', () => {
    if (personal) void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
  });
  return useQuery({ ...searchPostingsQueryOptions(params), enabled, ...(personal && { staleTime: 0 }) });
}
