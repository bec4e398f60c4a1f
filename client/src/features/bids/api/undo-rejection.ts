import { api } from '@/lib/api-client';
import type { FacilityBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

/** PUT /job-bids/{id}/undo: the facility undoes a rejection (back to applicant_submitted). */
export function undoRejection(bidId: string): Promise<FacilityBidView> {
  return api.put<FacilityBidView>(`/job-bids/${encodeURIComponent(bidId)}/undo`);
}

export const useUndoRejection = () =>
  useBidMutation({
    call: undoRejection,
    success: () => 'Rejection undone. The bid is open again.',
    failure: 'Failed to undo the rejection',
  });
