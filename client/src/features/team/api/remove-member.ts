import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { teamKeys } from './keys';

/** DELETE /facility-users/{id}: never yourself, never the last admin. */
export function removeMember(id: string): Promise<void> {
  return api.delete<void>(`/facility-users/${encodeURIComponent(id)}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
