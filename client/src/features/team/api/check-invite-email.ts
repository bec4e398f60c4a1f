import { queryOptions } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { Availability } from '@domain/accounts/responses';

import { teamKeys } from './keys';

/** GET /auth/check-email?email= -> {available}: whether the address still has no account. */
export function checkInviteEmail(email: string, options?: RequestOptions): Promise<Availability> {
  return api.get<Availability>('/auth/check-email', { ...options, query: { email } });
}

export const inviteEmailCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: teamKeys.emailCheck(email),
    queryFn: ({ signal }) => checkInviteEmail(email, { signal }),
    staleTime: 60_000,
    retry: false,
  });
