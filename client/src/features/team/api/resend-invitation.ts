import type { FacilityInvitationView } from '@domain/facility-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { teamKeys } from './keys';

/** POST /facility-user-invites/{id}/resend: a new link, the old one stops working. */
export function resendInvitation(id: string): Promise<FacilityInvitationView> {
  return api.post<FacilityInvitationView>(`/facility-user-invites/${encodeURIComponent(id)}/resend`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
