import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { BidPostingSummary } from '@/types/api';

import { bidKeys } from './bid-keys';

/** GET /job-postings/{id}: the bid section reads the posted rate and whether it takes bids. */
export function getBidPosting(postingId: string, options?: RequestOptions): Promise<BidPostingSummary> {
  return api.get<BidPostingSummary>(`/job-postings/${encodeURIComponent(postingId)}`, options);
}

export const bidPostingQueryOptions = (postingId: string) =>
  queryOptions({
    queryKey: bidKeys.jobPosting(postingId),
    queryFn: ({ signal }) => getBidPosting(postingId, { signal }),
  });

export const useBidPosting = (postingId: string) => useQuery(bidPostingQueryOptions(postingId));
