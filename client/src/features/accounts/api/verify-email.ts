import { useMutation, useQueryClient } from '@tanstack/react-query';

import { currentUserQueryKey } from '@/lib/current-user';
import { api } from '@/lib/api-client';
import type { MessageResponse } from '@domain/accounts/responses';

/** POST /auth/verify-email?token= (a registration address, or a new address after an email change). */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/verify-email', undefined, { query: { token }, skipAuthRedirect: true });
}

/**
 * Keyed by token: the link is single-use, so each token is sent at most once per page (see the
 * page). A confirmed email change shows in the signed-in user's details (if signed in here).
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'verify-email', token],
    mutationFn: verifyEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
