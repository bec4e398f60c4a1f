import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';

import { api } from '@/lib/api-client';
import { sessionAtom, type Session } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';
import type { AccessToken } from '@domain/accounts/responses';

import { currentUserQueryKey, getCurrentUser } from '@/lib/current-user';
import { facilityPermissionsQueryKey, getFacilityPermissions } from './get-facility-permissions';

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * POST /auth/login, form-encoded `username` and `password`. A 401 here is a wrong password,
 * not an expired session, so it must not trigger the sign-out redirect.
 */
export function login({ email, password }: LoginInput): Promise<AccessToken> {
  return api.postForm<AccessToken>('/auth/login', { username: email, password }, { skipAuthRedirect: true });
}

export interface SignInResult {
  session: Session;
  permissions: CurrentFacilityPermissions | null;
}

/**
 * The whole sign-in: the token, then the user, then (facility members) the permission flags.
 * Nothing is stored until all of it arrived, so a half-finished sign-in leaves no session behind.
 */
export async function signIn(input: LoginInput): Promise<SignInResult> {
  const { access_token: token } = await login(input);
  const user = await getCurrentUser({ token, skipAuthRedirect: true });
  let permissions: CurrentFacilityPermissions | null = null;
  if (user.role === 'facility_admin') {
    // The menu can live without the flags for a moment; the header query fetches them again.
    permissions = await getFacilityPermissions({ token, skipAuthRedirect: true }).catch(() => null);
  }
  return { session: { token, user }, permissions };
}

/** Signs in, stores the session and primes the user and permission queries. */
export function useLogin({ onSuccess }: { onSuccess?: (result: SignInResult) => void } = {}) {
  const queryClient = useQueryClient();
  const setSession = useSetAtom(sessionAtom);
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      queryClient.removeQueries();
      queryClient.setQueryData(currentUserQueryKey, result.session.user);
      if (result.permissions) queryClient.setQueryData(facilityPermissionsQueryKey, result.permissions);
      setSession(result.session);
      onSuccess?.(result);
    },
  });
}
