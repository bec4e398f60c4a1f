import type { FacilityProfile } from '@domain/accounts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { AdminFacility } from '@/types/api';

import { refreshAdminRecord } from './keys';

/** PUT /admin/facilities/{id}: the edited facility fields (phone as digits only). */
export function updateAdminFacility({ id, profile }: { id: string; profile: FacilityProfile }): Promise<AdminFacility> {
  return api.put<AdminFacility>(`/admin/facilities/${encodeURIComponent(id)}`, profile);
}

export function useUpdateAdminFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminFacility,
    onSuccess: (facility, { id }) => void refreshAdminRecord(queryClient, 'facility', id, facility),
  });
}
