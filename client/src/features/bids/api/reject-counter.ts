import { api } from '@/lib/api-client';
import type { ApplicantBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

/** PUT /job-bids/{id}/reject-counter: the applicant rejects the facility's counter. */
export function rejectCounter(bidId: string): Promise<ApplicantBidView> {
  return api.put<ApplicantBidView>(`/job-bids/${encodeURIComponent(bidId)}/reject-counter`);
}

export const useRejectCounter = () =>
  useBidMutation({
    call: rejectCounter,
    success: () => 'Counter offer rejected.',
    failure: 'Failed to reject the counter offer',
  });
