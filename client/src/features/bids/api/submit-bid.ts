import { formatRate } from '@domain/shared/format';
import { api } from '@/lib/api-client';
import type { ApplicantBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

export interface SubmitBidInput {
  job_posting_id: string;
  proposed_rate: number;
}

/** POST /job-bids: the applicant bids on a posting; answers the bid (applicant view). */
export function submitBid(input: SubmitBidInput): Promise<ApplicantBidView> {
  return api.post<ApplicantBidView>('/job-bids', input);
}

export const useSubmitBid = () =>
  useBidMutation({
    call: submitBid,
    success: (bid) => `Your bid of ${formatRate(bid.proposed_rate)} was sent to the facility.`,
    failure: 'Failed to submit your bid',
  });
