import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { InvitationValidation } from '@domain/facility-members';

/** POST /facility-user-invites/validate-token {token}: who invited whom, and whether it still holds. */
export function validateInviteToken(token: string, options?: RequestOptions): Promise<InvitationValidation> {
  return api.post<InvitationValidation>('/facility-user-invites/validate-token', { token }, { ...options, skipAuthRedirect: true });
}

// A read in effect (nothing changes on the server), so it is a query: asked once per token.
export const inviteValidationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['facility-user-invites', 'validate-token', token],
    queryFn: ({ signal }) => validateInviteToken(token, { signal }),
    retry: false,
    staleTime: Infinity,
  });

/** The invitation of ?invite=<token>; idle without a token. */
export function useInviteValidation(token: string | null) {
  return useQuery({ ...inviteValidationQueryOptions(token ?? ''), enabled: !!token });
}
