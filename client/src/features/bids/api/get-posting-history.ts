import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { PostingHistoryEntry } from '@domain/shared/history';

import { bidKeys } from './bid-keys';

/** GET /job-postings/{id}/history: the posting's events merged with all of its bids', in log order. */
export function getPostingHistory(postingId: string, options?: RequestOptions): Promise<PostingHistoryEntry[]> {
  return api.get<PostingHistoryEntry[]>(`/job-postings/${encodeURIComponent(postingId)}/history`, options);
}

export const postingHistoryQueryOptions = (postingId: string) =>
  queryOptions({
    queryKey: bidKeys.postingHistory(postingId),
    queryFn: ({ signal }) => getPostingHistory(postingId, { signal }),
  });

export const usePostingHistory = (postingId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...postingHistoryQueryOptions(postingId), enabled });
