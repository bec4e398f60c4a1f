import { api } from '@/lib/api-client';
import type { ApplicantBid } from '@/types/api';

import { useBidMutation } from './bid-mutation';

/** PUT /job-bids/{id}/accept-counter: the applicant accepts the facility's counter. */
export function acceptCounter(bidId: string): Promise<ApplicantBid> {
  return api.put<ApplicantBid>(`/job-bids/${encodeURIComponent(bidId)}/accept-counter`);
}

export const useAcceptCounter = () =>
  useBidMutation({
    call: acceptCounter,
    success: () => 'Counter offer accepted. You are now connected by email.',
    failure: 'Failed to accept the counter offer',
  });
