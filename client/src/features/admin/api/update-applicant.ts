import type { ApplicantProfile } from '@domain/accounts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { refreshAdminRecord } from './keys';

/** PUT /admin/applicants/{id}: the edited applicant fields. */
export function updateAdminApplicant({ id, profile }: { id: string; profile: ApplicantProfile }): Promise<ApplicantView> {
  return api.put<ApplicantView>(`/admin/applicants/${encodeURIComponent(id)}`, profile);
}

export function useUpdateAdminApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminApplicant,
    onSuccess: (applicant, { id }) => void refreshAdminRecord(queryClient, 'applicant', id, applicant),
  });
}
