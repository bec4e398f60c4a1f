import { bidGroup, type BidCurrentState, type BidGroup } from '@domain/bids';

// Shared by the bids screens and the admin console, so a state has one colour wherever it shows.
const GROUP_COLORS: Record<BidGroup, string> = {
  awaiting_facility: 'blue',
  awaiting_applicant: 'orange',
  connected: 'green',
  closed: 'gray',
};

/** A bid state's badge colour: whose move it is, connected, or closed. */
export function bidStateColor(state: BidCurrentState): string {
  return GROUP_COLORS[bidGroup(state)];
}
