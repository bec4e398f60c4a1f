import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityView } from '@domain/facilities/facility-view';

import { refreshAdminRecord } from './keys';

export interface ReviewInput {
  id: string;
  verification_status: 'verified' | 'rejected';
  /** The admin's own words only; the server writes 'Verified by {admin} (notes)'. Required to reject. */
  notes?: string;
}

/** PUT /admin/facilities/{id}/verify?verification_status=verified|rejected&notes=... */
export function reviewAdminFacility({ id, verification_status, notes }: ReviewInput): Promise<FacilityView> {
  return api.put<FacilityView>(`/admin/facilities/${encodeURIComponent(id)}/verify`, undefined, {
    query: { verification_status, notes: notes?.trim() || undefined },
  });
}

export function useReviewAdminFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAdminFacility,
    onSuccess: (facility, { id }) => void refreshAdminRecord(queryClient, 'facility', id, facility),
    // Refused (e.g. 409: another admin acted first): show the record as it is now.
    onError: (_error, { id }) => void refreshAdminRecord(queryClient, 'facility', id),
  });
}
