import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { BillingConfig } from '@domain/billing/billing-views';

import { billingKeys } from './keys';

/** GET /billing/config: the monthly posting rate, and whether payments go through Stripe or the sandbox. */
export function getBillingConfig(options?: RequestOptions): Promise<BillingConfig> {
  return api.get<BillingConfig>('/billing/config', options);
}

export const billingConfigQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.config(), queryFn: ({ signal }) => getBillingConfig({ signal }), staleTime: 10 * 60_000 });

export const useBillingConfig = (enabled = true) => useQuery({ ...billingConfigQueryOptions(), enabled });
