import { api } from '@/lib/api-client';
import type { FacilityBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

/** PUT /job-bids/{id}/reject: the facility rejects a submitted or applicant-countered bid. */
export function rejectBid(bidId: string): Promise<FacilityBidView> {
  return api.put<FacilityBidView>(`/job-bids/${encodeURIComponent(bidId)}/reject`);
}

export const useRejectBid = () =>
  useBidMutation({
    call: rejectBid,
    success: () => 'Bid rejected. You can undo this from the list.',
    failure: 'Failed to reject the bid',
  });
