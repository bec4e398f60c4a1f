import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { PaymentsPage, PaymentsQuery } from '@domain/billing/billing-views';

import { billingKeys } from './keys';

/** GET /billing/payments?filter=&page=&page_size=: the facility's payments, newest first, one page. */
export function getPayments(query: PaymentsQuery, options?: RequestOptions): Promise<PaymentsPage> {
  return api.get<PaymentsPage>('/billing/payments', { ...options, query: { ...query } });
}

export const paymentsQueryOptions = (query: PaymentsQuery) =>
  queryOptions({ queryKey: billingKeys.payments(query), queryFn: ({ signal }) => getPayments(query, { signal }) });

/** The previous page stays on screen while the next one loads. */
export const usePayments = (query: PaymentsQuery) => useQuery({ ...paymentsQueryOptions(query), placeholderData: keepPreviousData });
