import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { BidAsOf, PostingAsOf } from '@domain/admin/audit';

import { bidKeys } from './bid-keys';

/** GET /admin/bids/{id}/as-of: the bid as it stood at `at` (platform admins). */
export function getBidAsOf(bidId: string, at: string, options?: RequestOptions): Promise<BidAsOf> {
  return api.get<BidAsOf>(`/admin/bids/${encodeURIComponent(bidId)}/as-of`, { ...options, query: { at } });
}

/** GET /admin/postings/{id}/as-of: the posting as it stood at `at` (platform admins). */
export function getPostingAsOf(postingId: string, at: string, options?: RequestOptions): Promise<PostingAsOf> {
  return api.get<PostingAsOf>(`/admin/postings/${encodeURIComponent(postingId)}/as-of`, { ...options, query: { at } });
}

/** The figures stay on screen while the next moment loads, so the slider does not flicker. */
export const useBidAsOf = (bidId: string, at: string | null) =>
  useQuery({
    queryKey: [...bidKeys.history(bidId), 'as-of', at],
    queryFn: ({ signal }) => getBidAsOf(bidId, at ?? '', { signal }),
    enabled: at !== null,
    placeholderData: keepPreviousData,
  });

export const usePostingAsOf = (postingId: string, at: string | null) =>
  useQuery({
    queryKey: [...bidKeys.postingHistory(postingId), 'as-of', at],
    queryFn: ({ signal }) => getPostingAsOf(postingId, at ?? '', { signal }),
    enabled: at !== null,
    placeholderData: keepPreviousData,
  });
