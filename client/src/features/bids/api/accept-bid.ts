import { api } from '@/lib/api-client';
import type { FacilityBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

/** PUT /job-bids/{id}/accept: the facility accepts a submitted or applicant-countered bid. */
export function acceptBid(bidId: string): Promise<FacilityBidView> {
  return api.put<FacilityBidView>(`/job-bids/${encodeURIComponent(bidId)}/accept`);
}

export const useAcceptBid = () =>
  useBidMutation({
    call: acceptBid,
    success: () => 'Bid accepted. You are now connected by email.',
    failure: 'Failed to accept the bid',
  });
