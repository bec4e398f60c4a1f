/** The events market rate insights follow (projections/market-rates.projection.ts and its replay). */
import type { BidEventType } from '../bids/bid-events';
import type { PostingEventType } from '../postings/posting-events';

/** A posting's role, state and rate, and its going live. */
export const MARKET_RATE_POSTING_EVENTS: readonly PostingEventType[] = [
  'PostingCreated',
  'PostingEdited',
  'PostingPublished',
  'PostingActivated',
];

/** A bid submitted, countered by either side, agreed. */
export const MARKET_RATE_BID_EVENTS: readonly BidEventType[] = [
  'BidSubmitted',
  'FacilityCountered',
  'ApplicantCountered',
  'FacilityAccepted',
  'CounterAccepted',
];
