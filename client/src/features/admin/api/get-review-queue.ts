import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { ReviewQueue } from '@domain/admin/review-queue';

import { adminKeys } from './keys';

/** GET /admin/review-queue: pending facilities and applicants, oldest first (100 of each), with the whole counts. */
export function getReviewQueue(options?: RequestOptions): Promise<ReviewQueue> {
  return api.get<ReviewQueue>('/admin/review-queue', options);
}

export const reviewQueueQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.reviewQueue(), queryFn: ({ signal }) => getReviewQueue({ signal }) });

export const useReviewQueue = () => useQuery(reviewQueueQueryOptions());
