import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MessageResponse } from '@domain/accounts/responses';

/** POST /auth/request-password-reset?email= (answers the same whether or not the address has an account). */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/request-password-reset', undefined, { query: { email }, skipAuthRedirect: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
