import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityBidView } from '@domain/bids';
import { LIST_PAGE_LIMITS } from '@domain/shared/paging';

import { bidKeys } from './bid-keys';

/** The server's largest page, in the facility order (submitted first). */
export const POSTING_BIDS_LIMIT = LIST_PAGE_LIMITS.max;

/** GET /job-bids/job/{id}/bids: the bids on one of the facility's postings (facility view). */
export function getPostingBids(postingId: string, options?: RequestOptions): Promise<FacilityBidView[]> {
  return api.get<FacilityBidView[]>(`/job-bids/job/${encodeURIComponent(postingId)}/bids`, {
    ...options,
    query: { limit: POSTING_BIDS_LIMIT },
  });
}

export const postingBidsQueryOptions = (postingId: string) =>
  queryOptions({
    queryKey: bidKeys.posting(postingId),
    queryFn: ({ signal }) => getPostingBids(postingId, { signal }),
    staleTime: 0,
  });

export const usePostingBids = (postingId: string) => useQuery(postingBidsQueryOptions(postingId));
