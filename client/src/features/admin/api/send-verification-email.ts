import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * POST /auth/resend-verification-email {email}: a new verification link, for the signed-in
 * admin's own address or for an account under review whose address is not confirmed yet.
 */
export function sendVerificationEmail(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/resend-verification-email', { email });
}

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
