import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityView } from '@domain/facilities/facility-view';

import { refreshAdminRecord } from './keys';

/** POST /admin/facilities/{id}/subtract-credit (no body): one posting credit less. */
export function removeAdminFacilityCredit(id: string): Promise<FacilityView> {
  return api.post<FacilityView>(`/admin/facilities/${encodeURIComponent(id)}/subtract-credit`);
}

export function useRemoveAdminFacilityCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdminFacilityCredit,
    onSuccess: (facility, id) => void refreshAdminRecord(queryClient, 'facility', id, facility),
    // Refused (e.g. 409: another admin acted first): show the record as it is now.
    onError: (_error, id) => void refreshAdminRecord(queryClient, 'facility', id),
  });
}
