import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { HistoryEntry } from '@domain/shared/history';

import { bidKeys } from './bid-keys';

/** GET /job-bids/{id}/history: the bid's events in order (both parties and admins). */
export function getBidHistory(bidId: string, options?: RequestOptions): Promise<HistoryEntry[]> {
  return api.get<HistoryEntry[]>(`/job-bids/${encodeURIComponent(bidId)}/history`, options);
}

export const bidHistoryQueryOptions = (bidId: string) =>
  queryOptions({
    queryKey: bidKeys.history(bidId),
    queryFn: ({ signal }) => getBidHistory(bidId, { signal }),
  });

/** Fetched only while shown (`enabled`). */
export const useBidHistory = (bidId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...bidHistoryQueryOptions(bidId), enabled });
