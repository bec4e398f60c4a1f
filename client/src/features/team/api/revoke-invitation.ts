import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { teamKeys } from './keys';

/** DELETE /facility-user-invites/{id}: the link stops working. */
export function revokeInvitation(id: string): Promise<void> {
  return api.delete<void>(`/facility-user-invites/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
