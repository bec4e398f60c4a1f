import { accountMessages } from '@domain/accounts/messages';
import { useMutation } from '@tanstack/react-query';

import { api, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

/** POST /auth/resend-verification-email {email} */
export function resendVerificationEmail(email: string): Promise<unknown> {
  return api.post('/auth/resend-verification-email', { email }, { skipAuthRedirect: true });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}

/** A new verification link for `email` on demand, with a toast for either outcome. */
export function useResendVerificationLink(email: string) {
  const resend = useResendVerificationEmail();
  const send = () =>
    resend.mutate(email, {
      onSuccess: () => notifySuccess(accountMessages.verificationEmailSent),
      onError: (error) => notifyError(errorMessage(error, accountMessages.verificationEmailFailed)),
    });
  return { send, sending: resend.isPending };
}
