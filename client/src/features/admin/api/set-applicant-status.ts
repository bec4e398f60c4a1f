import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { refreshAdminRecord } from './keys';
import type { StatusInput } from './set-facility-status';

/** PUT /admin/applicants/{id}/status {is_active, notes}: activate or deactivate; the reason is required. */
export function setAdminApplicantStatus({ id, is_active, notes }: StatusInput): Promise<ApplicantView> {
  return api.put<ApplicantView>(`/admin/applicants/${encodeURIComponent(id)}/status`, { is_active, notes: notes?.trim() ?? '' });
}

export function useSetAdminApplicantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminApplicantStatus,
    onSuccess: (applicant, { id }) => void refreshAdminRecord(queryClient, 'applicant', id, applicant),
    // Refused (e.g. 409: another admin acted first): show the record as it is now.
    onError: (_error, { id }) => void refreshAdminRecord(queryClient, 'applicant', id),
  });
}
