import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { SubscriptionView } from '@domain/billing/billing-views';

import { billingKeys } from './keys';

/** GET /billing/subscription/{job_posting_id}: the posting's billing; 404 means it has none. */
export function getSubscription(postingId: string, options?: RequestOptions): Promise<SubscriptionView> {
  return api.get<SubscriptionView>(`/billing/subscription/${encodeURIComponent(postingId)}`, options);
}

export const subscriptionQueryOptions = (postingId: string) =>
  queryOptions({ queryKey: billingKeys.subscription(postingId), queryFn: ({ signal }) => getSubscription(postingId, { signal }) });

export const useSubscription = (postingId: string) => useQuery(subscriptionQueryOptions(postingId));
