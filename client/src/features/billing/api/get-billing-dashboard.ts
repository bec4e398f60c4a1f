import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { BillingDashboard } from '@domain/billing/billing-views';

import { billingKeys } from './keys';

/** GET /billing/dashboard: credits, active subscriptions, the monthly total and what was paid lately. */
export function getBillingDashboard(options?: RequestOptions): Promise<BillingDashboard> {
  return api.get<BillingDashboard>('/billing/dashboard', options);
}

export const billingDashboardQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.dashboard(), queryFn: ({ signal }) => getBillingDashboard({ signal }) });

export const useBillingDashboard = () => useQuery(billingDashboardQueryOptions());
