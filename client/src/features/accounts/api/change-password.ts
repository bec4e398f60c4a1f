import type { PasswordChangePayload } from '@domain/accounts/profiles';

import { api } from '@/lib/api-client';
import type { PasswordChanged } from '@domain/accounts/responses';

/**
 * PUT /users/me/password {current_password, new_password}. Every existing session ends; the
 * answer's access_token is the one this session must use from now on.
 */
export function changePassword(payload: PasswordChangePayload): Promise<PasswordChanged> {
  return api.put<PasswordChanged>('/users/me/password', payload);
}
