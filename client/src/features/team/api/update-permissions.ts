import type { FacilityMemberPermissions } from '@domain/accounts/invites';
import type { FacilityUserView } from '@domain/facility-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { teamKeys } from './keys';

/** PUT /facility-users/{id}: role and six flags (admins cannot be edited). */
export function updatePermissions({ id, permissions }: { id: string; permissions: FacilityMemberPermissions }): Promise<FacilityUserView> {
  return api.put<FacilityUserView>(`/facility-users/${encodeURIComponent(id)}`, permissions);
}

export function useUpdatePermissions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePermissions, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
