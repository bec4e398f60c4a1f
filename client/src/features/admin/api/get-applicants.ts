import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { adminKeys } from './keys';

/** GET /admin/applicants: every applicant, newest first (the server caps it at 500). Filtered on the client. */
export function getAdminApplicants(options?: RequestOptions): Promise<ApplicantView[]> {
  return api.get<ApplicantView[]>('/admin/applicants', options);
}

export const adminApplicantsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.applicants(), queryFn: ({ signal }) => getAdminApplicants({ signal }) });

export const useAdminApplicants = () => useQuery(adminApplicantsQueryOptions());
