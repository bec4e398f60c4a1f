import { useQuery } from '@tanstack/react-query';

import { currentUserQueryOptions } from '@/lib/current-user';
import type { UserView } from '@domain/accounts/user-view';

/**
 * GET /users/me for the own-profile page. Same cache entry as the session's user (so an update
 * here shows in the header too), but always refreshed when the page opens: the dates and a
 * pending email change must be current.
 */
export function useUserDetails() {
  const query = useQuery({ ...currentUserQueryOptions(), staleTime: 0 });
  return { ...query, data: query.data as UserView | undefined };
}
