import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** POST /admin/applicants/{id}/send-password-reset: emails the applicant a reset link. */
export function sendAdminApplicantPasswordReset(id: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/admin/applicants/${encodeURIComponent(id)}/send-password-reset`);
}

export const useSendAdminApplicantPasswordReset = () => useMutation({ mutationFn: sendAdminApplicantPasswordReset });
