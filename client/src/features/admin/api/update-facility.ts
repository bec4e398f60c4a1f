import type { FacilityProfile } from '@domain/accounts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityView } from '@domain/facilities/facility-view';

import { refreshAdminRecord } from './keys';

/** PUT /admin/facilities/{id}: the edited facility fields (phone as digits only). */
export function updateAdminFacility({ id, profile }: { id: string; profile: FacilityProfile }): Promise<FacilityView> {
  return api.put<FacilityView>(`/admin/facilities/${encodeURIComponent(id)}`, profile);
}

export function useUpdateAdminFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminFacility,
    onSuccess: (facility, { id }) => void refreshAdminRecord(queryClient, 'facility', id, facility),
  });
}
