import { api } from '@/lib/api-client';
import type { ApplicantBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

/** PUT /job-bids/{id}/accept-counter: the applicant accepts the facility's counter. */
export function acceptCounter(bidId: string): Promise<ApplicantBidView> {
  return api.put<ApplicantBidView>(`/job-bids/${encodeURIComponent(bidId)}/accept-counter`);
}

export const useAcceptCounter = () =>
  useBidMutation({
    call: acceptCounter,
    success: () => 'Counter offer accepted. You are now connected by email.',
    failure: 'Failed to accept the counter offer',
  });
