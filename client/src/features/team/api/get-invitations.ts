import type { FacilityInvitationView } from '@domain/facility-members';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';

import { teamKeys } from './keys';

/** GET /facility-user-invites: the facility's pending invitations. */
export function getInvitations(options?: RequestOptions): Promise<FacilityInvitationView[]> {
  return api.get<FacilityInvitationView[]>('/facility-user-invites', options);
}

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.invitations(), queryFn: ({ signal }) => getInvitations({ signal }) });

export const useInvitations = () => useQuery(invitationsQueryOptions());
