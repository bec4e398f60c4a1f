import type { RegistrationPayloadValues } from '@domain/accounts/registration';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { RegistrationResult } from '@domain/accounts/responses';

/** POST /auth/register with the payload of `buildRegistrationPayload`. */
export function register(payload: RegistrationPayloadValues): Promise<RegistrationResult> {
  return api.post<RegistrationResult>('/auth/register', payload, { skipAuthRedirect: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
