import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import { PAYMENTS_PAGE_SIZE, type PaymentsPage } from '@domain/billing/billing-views';

import { adminKeys } from './keys';

/** GET /admin/facilities/{id}/payments: the facility's payments, newest first, one page (same shape as /billing/payments). */
export function getAdminFacilityPayments(id: string, page: number, options?: RequestOptions): Promise<PaymentsPage> {
  return api.get<PaymentsPage>(`/admin/facilities/${encodeURIComponent(id)}/payments`, {
    ...options,
    query: { filter: 'all', page, page_size: PAYMENTS_PAGE_SIZE.default },
  });
}

export const adminFacilityPaymentsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.facilityPayments(id, page),
    queryFn: ({ signal }) => getAdminFacilityPayments(id, page, { signal }),
  });

/** Loaded once the facility itself has loaded; the previous page stays while the next loads. */
export const useAdminFacilityPayments = (id: string, page: number, enabled: boolean) =>
  useQuery({ ...adminFacilityPaymentsQueryOptions(id, page), enabled, placeholderData: keepPreviousData });
