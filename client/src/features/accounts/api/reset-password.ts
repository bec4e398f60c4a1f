import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MessageResponse } from '@domain/accounts/responses';

export interface ResetPasswordInput {
  token: string;
  new_password: string;
}

/** POST /auth/reset-password?token=&new_password= */
export function resetPassword({ token, new_password }: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password', undefined, {
    query: { token, new_password },
    skipAuthRedirect: true,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
