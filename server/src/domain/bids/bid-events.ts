/** Events of a bid stream (`bid-{id}`), Emmett style: `{ type, data }`. */
import { eventGuard, type Event } from '../shared/events';

export const bidStream = (bidId: string) => `bid-${bidId}`;

/** Who acted (user id) and when (ISO date-time from the command's `now`). */
export interface Acted {
  user_id: string;
  at: string;
}

export type BidSubmitted = Event<
  'BidSubmitted',
  Acted & {
    bid_id: string;
    job_posting_id: string;
    applicant_id: string;
    applicant_user_id: string;
    facility_id: string;
    proposed_rate: number;
    submitted_at: string;
  }
>;
export type FacilityCountered = Event<'FacilityCountered', Acted & { counter_rate: number }>;
export type ApplicantCountered = Event<'ApplicantCountered', Acted & { counter_rate: number }>;
/** rate: the rate agreed on (the rate on the table when accepted). */
export type FacilityAccepted = Event<'FacilityAccepted', Acted & { rate: number }>;
export type FacilityRejected = Event<'FacilityRejected', Acted>;
export type RejectionUndone = Event<'RejectionUndone', Acted>;
/** rate: the facility's counter, now agreed on. */
export type CounterAccepted = Event<'CounterAccepted', Acted & { rate: number }>;
export type CounterRejected = Event<'CounterRejected', Acted>;
export type BidWithdrawn = Event<'BidWithdrawn', Acted>;

/** The posting was filled while this bid was still open: closed by the system, nobody acted. */
export type BidClosedPositionFilled = Event<'BidClosedPositionFilled', { job_posting_id: string; at: string }>;

export type BidEvent =
  | BidSubmitted
  | FacilityCountered
  | ApplicantCountered
  | FacilityAccepted
  | FacilityRejected
  | RejectionUndone
  | CounterAccepted
  | CounterRejected
  | BidWithdrawn
  | BidClosedPositionFilled;

export type BidEventType = BidEvent['type'];

export const BID_EVENT_TYPES: readonly BidEventType[] = [
  'BidSubmitted',
  'FacilityCountered',
  'ApplicantCountered',
  'FacilityAccepted',
  'FacilityRejected',
  'RejectionUndone',
  'CounterAccepted',
  'CounterRejected',
  'BidWithdrawn',
  'BidClosedPositionFilled',
];

export const isBidEvent = eventGuard<BidEvent>(BID_EVENT_TYPES);

/** The events that connect a bid: each takes one of its posting's openings. */
export const CONNECTION_EVENT_TYPES: readonly BidEventType[] = ['FacilityAccepted', 'CounterAccepted'];
