import { pluralize } from '@domain/shared/format';
import type { BidCurrentState } from '@domain/bids';
import type { PostingStatus } from '@domain/postings';

/**
 * Words and colours for the admin console's 'Job postings' and 'Applications' sections. A
 * platform admin is neither party, so a bid's state is named neutrally (the bids feature's
 * labels speak to the applicant or to the facility: 'You countered').
 */

// Text darker than Mantine's light-variant defaults, as the verification badges do (>= 4.5:1).
export const POSTING_STATUS_STYLE: Record<PostingStatus, { color: string; text: string }> = {
  draft: { color: 'gray', text: 'gray.8' },
  active: { color: 'green', text: '#1b6b30' },
  filled: { color: 'blue', text: '#1c4f8a' },
  withdrawn: { color: 'orange', text: '#9a3d00' },
  expired: { color: 'red', text: '#a61e1e' },
};

export const ADMIN_BID_STATE_LABELS: Record<BidCurrentState, string> = {
  applicant_submitted: 'Bid submitted',
  applicant_countered: 'Applicant countered',
  facility_countered: 'Facility countered',
  // Both are a connection (green); the label says how it was made.
  facility_accepted: 'Facility accepted',
  applicant_counter_accepted: 'Counter accepted',
  applicant_counter_rejected: 'Counter rejected',
  facility_rejected: 'Facility rejected',
  applicant_withdrawn: 'Withdrawn',
  position_filled: 'Position filled',
};

/** '2 bids', '1 bid', 'No bids'. */
export function bidCountLabel(count: number): string {
  return count === 0 ? 'No bids' : pluralize(count, 'bid');
}
