import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { RecordHistoryEntry } from '@domain/shared/history';

import { adminKeys } from './keys';

/** GET /admin/applicants/{id}/history: the applicant's events, oldest first. */
export function getAdminApplicantHistory(id: string, options?: RequestOptions): Promise<RecordHistoryEntry[]> {
  return api.get<RecordHistoryEntry[]>(`/admin/applicants/${encodeURIComponent(id)}/history`, options);
}

export const adminApplicantHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.applicantHistory(id), queryFn: ({ signal }) => getAdminApplicantHistory(id, { signal }) });

export const useAdminApplicantHistory = (id: string, enabled: boolean) => useQuery({ ...adminApplicantHistoryQueryOptions(id), enabled });
