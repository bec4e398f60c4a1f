import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityView } from '@domain/facilities/facility-view';

import { refreshAdminRecord } from './keys';

export interface StatusInput {
  id: string;
  is_active: boolean;
  /** The admin's own words; the server writes 'Suspended by {admin} (notes)'. */
  notes?: string;
}

/** PUT /admin/facilities/{id}/status {is_active, notes}: suspend or activate. */
export function setAdminFacilityStatus({ id, is_active, notes }: StatusInput): Promise<FacilityView> {
  const text = notes?.trim();
  return api.put<FacilityView>(`/admin/facilities/${encodeURIComponent(id)}/status`, { is_active, ...(text ? { notes: text } : {}) });
}

export function useSetAdminFacilityStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminFacilityStatus,
    onSuccess: (facility, { id }) => void refreshAdminRecord(queryClient, 'facility', id, facility),
    // Refused (e.g. 409: another admin acted first): show the record as it is now.
    onError: (_error, { id }) => void refreshAdminRecord(queryClient, 'facility', id),
  });
}
