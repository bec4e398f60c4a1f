/**
 * The bid aggregate: the negotiation between one applicant and one facility over a posting's
 * rate. Pure: the handler loads the stream and the posting, calls decide, appends the events.
 * Checks run in the order who (403), when (409), values (422).
 */
import { assertNever, type StreamDecider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolation } from '../shared/errors';
import { POSTING_MESSAGES } from '../postings/posting-decider';
import { postingStatus } from '../postings/posting-status';
import { LICENSE_EXPIRY_MESSAGES, licenseExpired } from '../applicants/license-expiry';
import type { ApplicantActor, BidActor, BidCommand, ClosePositionFilled, PostingSnapshot, SubmitBid } from './bid-commands';
import { isBidEvent, type BidEvent, type BidSubmitted } from './bid-events';
import { RATE_SCHEMAS, currentRate, type RateField } from './bid-figures';
import { BID_STATES, isOpenBid, type BidCurrentState } from './bid-states';

export interface Bid {
  current_state: BidCurrentState;
  bid_id: string;
  job_posting_id: string;
  applicant_id: string;
  applicant_user_id: string;
  facility_id: string;
  /** The applicant's first bid. */
  proposed_rate: number;
  /** The latest counter from either side; null until someone counters. */
  counter_rate: number | null;
  /** Set once connected. */
  agreed_rate: number | null;
  created_at: string;
  updated_at: string;
}

export type BidState = { current_state: 'none' } | Bid;

/**
 * The shape of Bid and the meaning of evolve's fold, as stored snapshots hold it. The postings
 * read model keeps each bid's folded state with its stream version (posting_bid_states.state,
 * tagged with this number in state_shape), and bid commands fold from that row and the events
 * after it instead of the whole stream. Raise it whenever a field of Bid or what evolve makes of
 * an event changes: rows written under another number are then never taken as snapshots (their
 * bids are read whole until their next command writes the row again, or a rebuild does).
 */
export const BID_STATE_SHAPE = 1;

/** The fields of a Bid, as a snapshot must hold them (test/unit/domain/bids pins them to BID_STATE_SHAPE). */
export const BID_FIELDS = [
  'current_state',
  'bid_id',
  'job_posting_id',
  'applicant_id',
  'applicant_user_id',
  'facility_id',
  'proposed_rate',
  'counter_rate',
  'agreed_rate',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Bid)[];

/** The parties' moves on an existing bid (SubmitBid creates one; the system closes one when its posting fills). */
export type BidMove = Exclude<BidCommand, SubmitBid | ClosePositionFilled>;
export type BidMoveType = BidMove['type'];
export type BidSide = BidActor['side'];

const AWAITING_FACILITY: readonly BidCurrentState[] = ['applicant_submitted', 'applicant_countered'];
const AWAITING_APPLICANT: readonly BidCurrentState[] = ['facility_countered'];

/** The negotiation in one table: who makes each move, and from which states. */
export const BID_MOVES: Readonly<Record<BidMoveType, { side: BidSide; from: readonly BidCurrentState[] }>> = {
  AcceptBid: { side: 'facility', from: AWAITING_FACILITY },
  RejectBid: { side: 'facility', from: AWAITING_FACILITY },
  CounterBid: { side: 'facility', from: AWAITING_FACILITY },
  UndoRejection: { side: 'facility', from: ['facility_rejected'] },
  AcceptCounter: { side: 'applicant', from: AWAITING_APPLICANT },
  RejectCounter: { side: 'applicant', from: AWAITING_APPLICANT },
  CounterByApplicant: { side: 'applicant', from: AWAITING_APPLICANT },
  WithdrawBid: { side: 'applicant', from: [...AWAITING_FACILITY, ...AWAITING_APPLICANT] },
};

/** The moves a side may make on a bid in this state (the client's buttons; it hides counter-back). */
export function bidMoves(state: BidCurrentState, side: BidSide): BidMoveType[] {
  return (Object.keys(BID_MOVES) as BidMoveType[]).filter((move) => BID_MOVES[move].side === side && BID_MOVES[move].from.includes(state));
}

export const BID_MESSAGES = {
  notFound: 'Bid not found',
  alreadyApplied: 'You have already applied for this job.',
  applicantsOnly: 'Only applicants can apply for jobs.',
  notVerified: "Your account is currently being verified. Once it's verified, you'll be able to apply for this role.",
  deactivated: 'Your account is deactivated. Contact support to reactivate it.',
  notYourBid: 'Only the applicant who placed this bid can do this.',
  facilityOnly: 'Only the facility that posted this job can do this.',
  facilitySuspended: 'Your facility is suspended. Contact support to reactivate it.',
  otherFacility: "This bid is on another facility's job posting.",
  noBidPermission: "You don't have permission to manage bids.",
  notRejected: 'This bid was not rejected.',
  postingExpired: 'This posting has expired.',
  postingWithdrawn: 'This job posting was withdrawn.',
  postingNotPublished: 'This job posting is not published.',
  facilityPaused: 'This facility is not taking bids right now.',
  licenseExpired: LICENSE_EXPIRY_MESSAGES.expired,
  positionFilled: 'This position has been filled and is not taking bids.',
} as const;

/** Moves that commit the applicant to a rate, which an expired license may not do; withdrawing or declining still may. */
const COMMITTING_MOVES: readonly BidMoveType[] = ['AcceptCounter', 'CounterByApplicant'];
const M = BID_MESSAGES;

/** What happened to a bid, as a refusal names it. */
const STATE_MESSAGES: Record<BidCurrentState, string> = {
  applicant_submitted: 'This bid is waiting for the facility.',
  applicant_countered: 'This bid is waiting for the facility.',
  facility_countered: 'This bid is waiting for the applicant.',
  facility_accepted: 'This bid was already accepted.',
  applicant_counter_accepted: 'The counter offer on this bid was already accepted.',
  applicant_counter_rejected: 'The counter offer on this bid was rejected.',
  facility_rejected: 'This bid was rejected.',
  applicant_withdrawn: 'This bid was withdrawn.',
  position_filled: 'This bid closed because the position was filled.',
};

const initialState = (): BidState => ({ current_state: 'none' });

/** A stored snapshot (JSON) as a Bid: only a submitted bid with every field of this shape. */
function fromSnapshot(state: unknown): Bid | null {
  if (typeof state !== 'object' || state === null) return null;
  const stored = state as Record<string, unknown>;
  if (!BID_FIELDS.every((field) => field in stored) || !BID_STATES.includes(stored.current_state as BidCurrentState)) return null;
  return Object.fromEntries(BID_FIELDS.map((field) => [field, stored[field]])) as unknown as Bid;
}

function decide(command: BidCommand, state: BidState): BidEvent[] {
  if (command.type === 'SubmitBid') return submit(command.data, state);
  if (command.type === 'ClosePositionFilled') return closePositionFilled(command.data, state);
  if (state.current_state === 'none') throw new NotFoundError(M.notFound);
  const bid = state;
  assertActor(command, bid);
  assertOpenFrom(command.type, bid.current_state);
  // Withdrawing only takes the applicant out, so it stays possible once the posting is gone.
  if (command.type !== 'WithdrawBid') assertPostingOpen(command.data.posting, command.data.now);
  return move(command, bid);
}

function submit({ actor, posting, now, bid_id, job_posting_id, proposed_rate }: SubmitBid['data'], state: BidState): BidEvent[] {
  if (actor.side !== 'applicant') throw new ForbiddenError(M.applicantsOnly);
  assertApplicantStanding(actor);
  assertLicenseCurrent(actor, now);
  if (state.current_state !== 'none') throw new ConflictError(M.alreadyApplied);
  // A suspended facility's postings answer 404 to applicants, so a bid on one does too.
  if (!posting.facility_active) throw new NotFoundError(POSTING_MESSAGES.notFound);
  assertPostingOpen(posting, now);
  const at = now.toISOString();
  const data: BidSubmitted['data'] = {
    bid_id,
    job_posting_id,
    applicant_id: actor.applicant_id,
    applicant_user_id: actor.user_id,
    facility_id: posting.facility_id,
    proposed_rate: validRate('proposed_rate', proposed_rate),
    submitted_at: at,
    user_id: actor.user_id,
    at,
  };
  return [{ type: 'BidSubmitted', data }];
}

/** Only a bid still being negotiated closes, once: connected, closed or unknown bids stay as they are. */
function closePositionFilled({ now }: ClosePositionFilled['data'], state: BidState): BidEvent[] {
  if (state.current_state === 'none' || !isOpenBid(state.current_state)) return [];
  return [{ type: 'BidClosedPositionFilled', data: { job_posting_id: state.job_posting_id, at: now.toISOString() } }];
}

function move(command: BidMove, bid: Bid): BidEvent[] {
  const acted = { user_id: command.data.actor.user_id, at: command.data.now.toISOString() };
  switch (command.type) {
    case 'AcceptBid':
      return [{ type: 'FacilityAccepted', data: { ...acted, rate: currentRate(bid) } }];
    case 'RejectBid':
      return [{ type: 'FacilityRejected', data: acted }];
    case 'CounterBid':
      return [{ type: 'FacilityCountered', data: { ...acted, counter_rate: validRate('counter_rate', command.data.counter_rate) } }];
    case 'UndoRejection':
      return [{ type: 'RejectionUndone', data: acted }];
    case 'AcceptCounter':
      return [{ type: 'CounterAccepted', data: { ...acted, rate: currentRate(bid) } }];
    case 'RejectCounter':
      return [{ type: 'CounterRejected', data: acted }];
    case 'CounterByApplicant':
      return [{ type: 'ApplicantCountered', data: { ...acted, counter_rate: validRate('counter_rate', command.data.counter_rate) } }];
    case 'WithdrawBid':
      return [{ type: 'BidWithdrawn', data: acted }];
    default:
      return assertNever(command);
  }
}

function assertActor(command: BidMove, bid: Bid): void {
  const { actor } = command.data;
  if (BID_MOVES[command.type].side === 'facility') return assertFacilityMember(actor, bid);
  if (actor.side !== 'applicant' || actor.applicant_id !== bid.applicant_id) throw new ForbiddenError(M.notYourBid);
  assertApplicantStanding(actor);
  if (COMMITTING_MOVES.includes(command.type)) assertLicenseCurrent(actor, command.data.now);
}

function assertLicenseCurrent(actor: ApplicantActor, now: Date): void {
  if (licenseExpired(actor.license_expires_at, now)) throw new ForbiddenError(M.licenseExpired);
}

function assertApplicantStanding(actor: ApplicantActor): void {
  if (actor.verification_status !== 'verified') throw new ForbiddenError(M.notVerified);
  if (!actor.is_active) throw new ForbiddenError(M.deactivated);
}

function assertFacilityMember(actor: BidActor, bid: Bid): void {
  if (actor.side !== 'facility') throw new ForbiddenError(M.facilityOnly);
  if (!actor.facility_active) throw new ForbiddenError(M.facilitySuspended);
  if (actor.facility_id !== bid.facility_id) throw new ForbiddenError(M.otherFacility);
  if (!actor.can_manage_bids) throw new ForbiddenError(M.noBidPermission);
}

function assertOpenFrom(type: BidMoveType, state: BidCurrentState): void {
  if (BID_MOVES[type].from.includes(state)) return;
  // "Waiting for the facility" would puzzle the facility asking to undo a rejection.
  const message = type === 'UndoRejection' && isOpenBid(state) ? M.notRejected : STATE_MESSAGES[state];
  throw new ConflictError(message);
}

function assertPostingOpen(posting: PostingSnapshot, now: Date): void {
  if (!posting.facility_active) throw new ConflictError(M.facilityPaused);
  const status = postingStatus(posting, now);
  switch (status) {
    case 'active':
      return;
    case 'expired':
      throw new ConflictError(M.postingExpired);
    case 'withdrawn':
      throw new ConflictError(M.postingWithdrawn);
    case 'filled':
      throw new ConflictError(M.positionFilled);
    case 'draft':
      throw new ConflictError(M.postingNotPublished);
    default:
      assertNever(status);
  }
}

function validRate(field: RateField, rate: unknown): number {
  const result = RATE_SCHEMAS[field].safeParse(rate);
  if (!result.success) throw new RuleViolation(field, result.error.issues[0].message);
  return result.data as number;
}

function evolve(state: BidState, event: BidEvent): BidState {
  if (event.type === 'BidSubmitted') return submitted(event.data);
  // Events before submission cannot happen in a valid stream; the log wins, so ignore them.
  if (state.current_state === 'none') return state;
  const bid = { ...state, updated_at: event.data.at };
  switch (event.type) {
    case 'FacilityCountered':
      return { ...bid, current_state: 'facility_countered', counter_rate: event.data.counter_rate };
    case 'ApplicantCountered':
      return { ...bid, current_state: 'applicant_countered', counter_rate: event.data.counter_rate };
    case 'FacilityAccepted':
      return { ...bid, current_state: 'facility_accepted', agreed_rate: event.data.rate };
    case 'FacilityRejected':
      return { ...bid, current_state: 'facility_rejected' };
    case 'RejectionUndone':
      // Back to the facility's move; the rate on the table is unchanged.
      return { ...bid, current_state: 'applicant_submitted' };
    case 'CounterAccepted':
      return { ...bid, current_state: 'applicant_counter_accepted', agreed_rate: event.data.rate };
    case 'CounterRejected':
      return { ...bid, current_state: 'applicant_counter_rejected' };
    case 'BidWithdrawn':
      return { ...bid, current_state: 'applicant_withdrawn' };
    case 'BidClosedPositionFilled':
      return { ...bid, current_state: 'position_filled' };
    default:
      return assertNever(event);
  }
}

function submitted(data: BidSubmitted['data']): Bid {
  return {
    current_state: 'applicant_submitted',
    bid_id: data.bid_id,
    job_posting_id: data.job_posting_id,
    applicant_id: data.applicant_id,
    applicant_user_id: data.applicant_user_id,
    facility_id: data.facility_id,
    proposed_rate: data.proposed_rate,
    counter_rate: null,
    agreed_rate: null,
    created_at: data.submitted_at,
    updated_at: data.at,
  };
}

export const bidDecider: StreamDecider<BidState, BidCommand, BidEvent> = {
  initialState,
  decide,
  evolve,
  isEvent: isBidEvent,
  fromSnapshot,
};
