import { Badge, Group } from '@mantine/core';
import { stateLabel, type ApplicantBidView, type BidReader } from '@domain/bids';

import { bidStateColor } from '@/lib/bid-state-color';

import { ATTENTION_COLOR, POSTING_EXPIRED_LABEL } from '../lib/bid-labels';

/**
 * The bid's state as a badge. A bid on an expired posting is closed, whatever its state
 * ('posting expired'); a facility counter waiting on the applicant adds 'your response needed'.
 */
export function BidStateBadge({ bid, reader }: { bid: ApplicantBidView; reader: BidReader }) {
  if (bid.posting_expired) {
    return (
      <Badge color="gray" variant="dot" size="lg">
        {POSTING_EXPIRED_LABEL}
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={bidStateColor(bid.current_state)} variant="dot" size="lg">
        {stateLabel(bid.current_state, reader)}
      </Badge>
      {reader === 'applicant' && bid.current_state === 'facility_countered' && (
        <Badge color={ATTENTION_COLOR} variant="filled" size="lg">
          Your response needed
        </Badge>
      )}
    </Group>
  );
}
