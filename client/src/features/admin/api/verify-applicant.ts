import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { refreshAdminRecord } from './keys';
import type { ReviewInput } from './verify-facility';

/** PUT /admin/applicants/{id}/verify?verification_status=verified|rejected&notes=... */
export function reviewAdminApplicant({ id, verification_status, notes }: ReviewInput): Promise<ApplicantView> {
  return api.put<ApplicantView>(`/admin/applicants/${encodeURIComponent(id)}/verify`, undefined, {
    query: { verification_status, notes: notes?.trim() || undefined },
  });
}

export function useReviewAdminApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAdminApplicant,
    onSuccess: (applicant, { id }) => void refreshAdminRecord(queryClient, 'applicant', id, applicant),
    // Refused (e.g. 409: another admin acted first): show the record as it is now.
    onError: (_error, { id }) => void refreshAdminRecord(queryClient, 'applicant', id),
  });
}
