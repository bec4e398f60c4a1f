import { formatRate } from '@domain/shared/format';
import { api } from '@/lib/api-client';
import type { FacilityBidView } from '@domain/bids';

import { useBidMutation } from './bid-mutation';

export interface CounterBidInput {
  bidId: string;
  counterRate: number;
}

/** PUT /job-bids/{id}/counter?counter_rate=: the facility counters a submitted or applicant-countered bid. */
export function counterBid({ bidId, counterRate }: CounterBidInput): Promise<FacilityBidView> {
  return api.put<FacilityBidView>(`/job-bids/${encodeURIComponent(bidId)}/counter`, undefined, {
    query: { counter_rate: counterRate },
  });
}

export const useCounterBid = () =>
  useBidMutation({
    call: counterBid,
    success: (bid) => `Counter offer of ${formatRate(bid.counter_rate)} sent.`,
    failure: 'Failed to send the counter offer',
  });
