/**
 * Bid states, their groups, the applicant filters and both orderings (part 1 section 4). Shared
 * with the client, which shows exactly these groupings.
 */
import { assertNever } from '../shared/decider';

export const BID_STATES = [
  'applicant_submitted',
  'applicant_countered',
  'facility_countered',
  'facility_accepted',
  'applicant_counter_accepted',
  'applicant_counter_rejected',
  'facility_rejected',
  'applicant_withdrawn',
  'position_filled',
] as const;

export type BidCurrentState = (typeof BID_STATES)[number];

export type BidGroup = 'awaiting_facility' | 'awaiting_applicant' | 'connected' | 'closed';

export function bidGroup(state: BidCurrentState): BidGroup {
  switch (state) {
    case 'applicant_submitted':
    case 'applicant_countered':
      return 'awaiting_facility';
    case 'facility_countered':
      return 'awaiting_applicant';
    case 'facility_accepted':
    case 'applicant_counter_accepted':
      return 'connected';
    case 'facility_rejected':
    case 'applicant_counter_rejected':
    case 'applicant_withdrawn':
    case 'position_filled':
      return 'closed';
    default:
      return assertNever(state);
  }
}

/** The facility's move: a submitted or applicant-countered bid. */
export const awaitsFacility = (state: BidCurrentState) => bidGroup(state) === 'awaiting_facility';

/** 'Needs your attention': a facility counter the applicant must answer. */
export const needsApplicantAttention = (state: BidCurrentState) => bidGroup(state) === 'awaiting_applicant';

/** 'Connection made'. */
export const isConnected = (state: BidCurrentState) => bidGroup(state) === 'connected';

export const isClosed = (state: BidCurrentState) => bidGroup(state) === 'closed';

/** Still being negotiated: neither connected nor closed. */
export const isOpenBid = (state: BidCurrentState) => awaitsFacility(state) || needsApplicantAttention(state);

export const APPLICANT_BID_FILTERS = ['active', 'connected', 'closed', 'all'] as const;
export type ApplicantBidFilter = (typeof APPLICANT_BID_FILTERS)[number];
export const DEFAULT_APPLICANT_BID_FILTER: ApplicantBidFilter = 'active';

/**
 * The applicant filter a bid belongs to. A bid on an expired posting is closed ('posting
 * expired') whatever its state, even a connection: that is how the spec defines the filters.
 */
export function bidFilter(state: BidCurrentState, postingExpired: boolean): Exclude<ApplicantBidFilter, 'all'> {
  if (postingExpired) return 'closed';
  const group = bidGroup(state);
  if (group === 'connected' || group === 'closed') return group;
  return 'active';
}

export function matchesBidFilter(filter: ApplicantBidFilter, state: BidCurrentState, postingExpired: boolean): boolean {
  return filter === 'all' || bidFilter(state, postingExpired) === filter;
}

/**
 * The applicant's list: counters needing an answer first. (The spec shows a second reading on
 * the applicant side of the facility screens, identical to FACILITY_BID_ORDER; we use this one.)
 */
export const APPLICANT_BID_ORDER: readonly BidCurrentState[] = [
  'facility_countered',
  'applicant_submitted',
  'applicant_countered',
  'facility_accepted',
  'applicant_counter_accepted',
  'facility_rejected',
  'position_filled',
  'applicant_counter_rejected',
  'applicant_withdrawn',
];

/** The facility's list of bids on a posting. */
export const FACILITY_BID_ORDER: readonly BidCurrentState[] = [
  'applicant_submitted',
  'applicant_countered',
  'facility_countered',
  'facility_accepted',
  'applicant_counter_accepted',
  'applicant_counter_rejected',
  'facility_rejected',
  'position_filled',
  'applicant_withdrawn',
];

export interface SortableBid {
  current_state: BidCurrentState;
  /** ISO date-time (or Date) the bid was submitted. */
  created_at: string | Date;
}

/** A comparator for Array.prototype.sort: by rank in `order`, ties newest first. */
export function bidComparator(order: readonly BidCurrentState[]) {
  return (a: SortableBid, b: SortableBid): number =>
    order.indexOf(a.current_state) - order.indexOf(b.current_state) || time(b.created_at) - time(a.created_at);
}

export const compareBidsForApplicant = bidComparator(APPLICANT_BID_ORDER);
export const compareBidsForFacility = bidComparator(FACILITY_BID_ORDER);

function time(value: string | Date): number {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * The applicant's list as shown and paged (GET /job-bids/my-bids): a bid on an expired posting is
 * closed whatever its state (part 1 section 4), so those come after every live bid instead of
 * ranking by a state nobody can act on any more; then compareBidsForApplicant.
 */
export function compareApplicantBidList(
  a: SortableBid & { posting_expired: boolean },
  b: SortableBid & { posting_expired: boolean },
): number {
  return Number(a.posting_expired) - Number(b.posting_expired) || compareBidsForApplicant(a, b);
}
