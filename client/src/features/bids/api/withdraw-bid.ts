import { api } from '@/lib/api-client';
import type { ApplicantBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

/** PUT /job-bids/{id}/withdraw: the applicant withdraws a bid that is neither connected nor closed. */
export function withdrawBid(bidId: string): Promise<ApplicantBidView> {
  return api.put<ApplicantBidView>(`/job-bids/${encodeURIComponent(bidId)}/withdraw`);
}

export const useWithdrawBid = () =>
  useBidMutation({
    call: withdrawBid,
    success: () => 'Your bid was withdrawn.',
    failure: 'Failed to withdraw your bid',
  });
