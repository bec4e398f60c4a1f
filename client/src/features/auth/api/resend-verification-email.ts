import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** POST /auth/resend-verification-email {email} */
export function resendVerificationEmail(email: string): Promise<unknown> {
  return api.post('/auth/resend-verification-email', { email }, { skipAuthRedirect: true });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
