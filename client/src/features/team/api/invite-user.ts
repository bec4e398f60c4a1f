import type { FacilityInvite } from '@domain/accounts/invites';
import type { FacilityInvitationView } from '@domain/facility-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { teamKeys } from './keys';

/** POST /facility-user-invites: email, role and six flags (re-sends a pending invitation). */
export function inviteUser(invite: FacilityInvite): Promise<FacilityInvitationView> {
  return api.post<FacilityInvitationView>('/facility-user-invites', invite);
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
