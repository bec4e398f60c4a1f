import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityBidView } from '@domain/bids';

import { bidKeys } from './bid-keys';

export const POSTING_BIDS_LIMIT = 500;

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
