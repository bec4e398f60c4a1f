import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { adminKeys } from './keys';

/** GET /admin/applicants/{id} */
export function getAdminApplicant(id: string, options?: RequestOptions): Promise<ApplicantView> {
  return api.get<ApplicantView>(`/admin/applicants/${encodeURIComponent(id)}`, { ...options, query: { _t: Date.now() } });
}

export const adminApplicantQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.applicant(id), queryFn: ({ signal }) => getAdminApplicant(id, { signal }) });

export const useAdminApplicant = (id: string) => useQuery(adminApplicantQueryOptions(id));
