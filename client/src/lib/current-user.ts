import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';

import { api, type RequestOptions } from '@/lib/api-client';
import { tokenAtom } from '@/stores/session';
import type { UserView } from '@domain/accounts/user-view';

/**
 * GET /users/me: the signed-in user, with `facility` and `applicant` sub-records. Shared: sign-in
 * fills it, and every feature that changes the user (profile, email, publishing with credits)
 * refreshes it.
 */
export function getCurrentUser(options?: RequestOptions): Promise<UserView> {
  return api.get<UserView>('/users/me', options);
}

export const currentUserQueryKey = ['users', 'me'] as const;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** The current user, fetched only while signed in. */
export function useCurrentUser() {
  const token = useAtomValue(tokenAtom);
  return useQuery({ ...currentUserQueryOptions(), enabled: !!token });
}
