/**
 * The job posting aggregate: who may create, edit, publish, withdraw, reactivate a posting, and
 * when. Pure: the handler loads the stream, calls decide, appends the events.
 */
import { assertNever, type StreamDecider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolation } from '../shared/errors';
import { instant } from './calendar';
import { POSTING_FIELD_NAMES, defaultExpiry, openingsOf, pickPostingFields, type JobPostingInput, type PostingFields } from './job-form';
import type {
  ConfirmPayment,
  CreatePosting,
  EditPosting,
  ExpirePosting,
  FacilityMember,
  PostingCommand,
  PublishPosting,
  ReactivatePosting,
  RecordConnection,
  ReopenPosting,
  WithdrawPosting,
  WithdrawUnpaidPosting,
} from './posting-commands';
import { isPostingEvent, type PostingChanges, type PostingCreated, type PostingEvent } from './posting-events';
import {
  POSTING_ACTIONS_BY_STATUS,
  isPastExpiry,
  postingStatus,
  type PostingAction,
  type PostingStatus,
  type StoredPostingStatus,
} from './posting-status';

export interface Posting {
  status: StoredPostingStatus;
  posting_id: string;
  facility_id: string;
  created_by: string;
  created_at: string;
  fields: PostingFields;
  /** End of the current (or, for a draft, the first) period. */
  auto_expire_date: string;
  /** Start of the latest period; null until first published. */
  published_at: string | null;
  /** A publish waiting for its payment. */
  payment_pending: { requested_auto_expire_date: string | null } | null;
  /** PostingExpired was recorded for the current period, so ExpirePosting stays idempotent. */
  expiry_recorded: boolean;
  /** Bids that connected on this posting, each once; as many as the openings fill it. */
  connected_bid_ids: string[];
}

export type PostingState = { status: 'none' } | Posting;

export const POSTING_MESSAGES = {
  notFound: 'Job posting not found',
  alreadyExists: 'This job posting already exists.',
  facilityNotVerified: 'Your facility must be verified before you can post jobs.',
  facilitySuspended: 'Your facility is suspended. Contact support to reactivate it.',
  otherFacility: 'This job posting belongs to another facility.',
  noPermission: (action: MemberAction) => `You don't have permission to ${action} job postings.`,
  expiryInPast: 'Expiration date must be in the future',
  expiryInvalid: 'Expiration date must be a valid date and time',
  expiryFixedOncePublished: 'The expiration date of a published posting cannot be changed; it ends with the paid period.',
  notAwaitingPayment: 'This job posting is not awaiting payment.',
} as const;
const M = POSTING_MESSAGES;

/** Why an action is refused in a status (every pair missing from POSTING_ACTIONS_BY_STATUS). */
const REFUSALS: Record<PostingStatus, Partial<Record<PostingAction, string>>> = {
  draft: {
    withdraw: 'This job posting is a draft and is not published, so it cannot be withdrawn.',
    reactivate: 'This job posting is a draft; publish it instead.',
    reopen: 'This job posting is a draft; publish it instead.',
  },
  active: {
    publish: 'This job posting is already active.',
    reactivate: 'This job posting is already active.',
    reopen: 'This job posting is not filled; it is already taking bids.',
  },
  filled: {
    publish: 'This job posting is filled; reopen it to take bids again.',
    reactivate: 'This job posting is filled; reopen it to take bids again.',
  },
  withdrawn: {
    publish: 'This job posting was withdrawn; reactivate it instead.',
    withdraw: 'This job posting is already withdrawn.',
    reopen: 'This job posting was withdrawn; reactivate it instead.',
  },
  expired: {
    withdraw: 'This job posting has expired.',
    reactivate: 'This job posting has expired; publish it again to start a new period.',
    reopen: 'This job posting has expired; publish it again to start a new period.',
  },
};

type MemberAction = 'create' | PostingAction;

/** The facility permission each posting action needs (the client hides the others' buttons). */
export const REQUIRED_FLAG: Record<MemberAction, keyof FacilityMember['permissions']> = {
  create: 'can_create_jobs',
  edit: 'can_edit_jobs',
  publish: 'can_publish_jobs',
  // Withdrawing and reactivating take back and restore a publish, so they need the publish flag.
  withdraw: 'can_publish_jobs',
  reactivate: 'can_publish_jobs',
  reopen: 'can_publish_jobs',
};

const initialState = (): PostingState => ({ status: 'none' });

function decide(command: PostingCommand, state: PostingState): PostingEvent[] {
  switch (command.type) {
    case 'CreatePosting':
      return create(command.data, state);
    case 'EditPosting':
      return edit(command.data, state);
    case 'PublishPosting':
      return publish(command.data, state);
    case 'ConfirmPayment':
      return confirmPayment(command.data, state);
    case 'WithdrawPosting':
      return withdraw(command.data, state);
    case 'WithdrawUnpaidPosting':
      return withdrawUnpaid(command.data, state);
    case 'ReactivatePosting':
      return reactivate(command.data, state);
    case 'ExpirePosting':
      return expire(command.data, state);
    case 'RecordConnection':
      return recordConnection(command.data, state);
    case 'ReopenPosting':
      return reopen(command.data, state);
    default:
      return assertNever(command);
  }
}

function create({ actor, now, posting_id, form }: CreatePosting['data'], state: PostingState): PostingEvent[] {
  assertMayAct(actor, 'create', actor.facility_id);
  if (state.status !== 'none') throw new ConflictError(M.alreadyExists);
  const autoExpireDate = form.auto_expire_date ?? defaultExpiry(now);
  assertFutureExpiry(autoExpireDate, now);
  const data: PostingCreated['data'] = {
    ...pickPostingFields(form),
    posting_id,
    facility_id: actor.facility_id,
    created_by: actor.user_id,
    auto_expire_date: autoExpireDate,
    at: now.toISOString(),
  };
  return [{ type: 'PostingCreated', data }];
}

function edit({ actor, now, form }: EditPosting['data'], state: PostingState): PostingEvent[] {
  const posting = found(state);
  assertMayAct(actor, 'edit', posting.facility_id);
  const changes = changedFields(posting, form, now);
  if (Object.keys(changes).length === 0) return [];
  const acted = { user_id: actor.user_id, at: now.toISOString() };
  const edited: PostingEvent = { type: 'PostingEdited', data: { ...acted, changes } };
  if (changes.openings === undefined) return [edited];
  return [edited, ...openingsFollow(posting, changes.openings, acted, now)];
}

/**
 * Openings changed on the form: a live posting with as many connections fills, a filled one with
 * openings left reopens, as if the facility had pressed the button.
 */
function openingsFollow(posting: Posting, openings: number, acted: { user_id: string; at: string }, now: Date): PostingEvent[] {
  const status = postingStatus(posting, now);
  const connections = posting.connected_bid_ids.length;
  if (status === 'active' && connections >= openings) return [{ type: 'PostingFilled', data: { openings, connections, at: acted.at } }];
  if (status === 'filled' && connections < openings) return [{ type: 'PostingReopened', data: acted }];
  return [];
}

/** The fields the form changes. The expiry can move only before the first publish: after it, it is the paid period's end. */
function changedFields(posting: Posting, form: JobPostingInput, now: Date): PostingChanges {
  const changes: Record<string, unknown> = {};
  for (const name of POSTING_FIELD_NAMES) {
    if (!sameValue(posting.fields[name], form[name])) changes[name] = form[name];
  }
  const expiry = form.auto_expire_date;
  if (expiry !== null && expiry !== posting.auto_expire_date) {
    if (posting.published_at !== null) throw new RuleViolation('auto_expire_date', M.expiryFixedOncePublished);
    assertFutureExpiry(expiry, now);
    changes.auto_expire_date = expiry;
  }
  return changes as PostingChanges;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

function publish({ actor, now, facility_credits, auto_expire_date = null }: PublishPosting['data'], state: PostingState): PostingEvent[] {
  const posting = found(state);
  assertMayAct(actor, 'publish', posting.facility_id);
  assertAllowed('publish', posting, now);
  return goLive(posting, actor, now, facility_credits, requestedExpiry(auto_expire_date, now));
}

/**
 * A credit or a payment: with a credit, live at once for a new period (the facility stream
 * records the credit spent, this stream what it bought); without, it stays as it is (a draft
 * stays a draft) until ConfirmPayment.
 */
function goLive(posting: Posting, actor: FacilityMember, now: Date, credits: number, requested: string | null): PostingEvent[] {
  const acted = { user_id: actor.user_id, at: now.toISOString() };
  if (credits <= 0) return [{ type: 'PostingPaymentRequired', data: { ...acted, requested_auto_expire_date: requested } }];
  const autoExpireDate = periodEnd(posting, requested, now);
  return [{ type: 'PostingPublished', data: { ...acted, published_at: acted.at, auto_expire_date: autoExpireDate, paid_with: 'credit' } }];
}

function confirmPayment({ user_id, now }: ConfirmPayment['data'], state: PostingState): PostingEvent[] {
  const posting = found(state);
  if (posting.payment_pending === null) throw new ConflictError(M.notAwaitingPayment);
  const at = now.toISOString();
  const autoExpireDate = periodEnd(posting, posting.payment_pending.requested_auto_expire_date, now);
  return [{ type: 'PostingActivated', data: { user_id, at, published_at: at, auto_expire_date: autoExpireDate } }];
}

function withdraw({ actor, now }: WithdrawPosting['data'], state: PostingState): PostingEvent[] {
  const posting = found(state);
  assertMayAct(actor, 'withdraw', posting.facility_id);
  assertAllowed('withdraw', posting, now);
  return [{ type: 'PostingWithdrawn', data: { user_id: actor.user_id, at: now.toISOString() } }];
}

/** Only a live posting is taken down; a withdrawn, expired or unpublished one stays as it is. */
function withdrawUnpaid({ now }: WithdrawUnpaidPosting['data'], state: PostingState): PostingEvent[] {
  if (!isLive(state) || postingStatus(state, now) === 'expired') return [];
  return [{ type: 'PostingWithdrawn', data: { user_id: null, at: now.toISOString() } }];
}

/** Billing stopped at the withdrawal, so reactivating follows publish: a credit or a payment, then a new period. */
function reactivate({ actor, now, facility_credits }: ReactivatePosting['data'], state: PostingState): PostingEvent[] {
  const posting = found(state);
  assertMayAct(actor, 'reactivate', posting.facility_id);
  assertAllowed('reactivate', posting, now);
  return goLive(posting, actor, now, facility_credits, null);
}

/**
 * A connection counts once per bid; the one that reaches the openings of a live posting fills it.
 * Recorded whatever the status, so a reopened posting knows how many people it already has.
 */
function recordConnection({ bid_id, now }: RecordConnection['data'], state: PostingState): PostingEvent[] {
  const posting = found(state);
  if (posting.connected_bid_ids.includes(bid_id)) return [];
  const at = now.toISOString();
  const connections = posting.connected_bid_ids.length + 1;
  const openings = openingsOf(posting.fields);
  const made: PostingEvent = { type: 'PostingConnectionMade', data: { bid_id, at } };
  if (postingStatus(posting, now) !== 'active' || connections < openings) return [made];
  return [made, { type: 'PostingFilled', data: { openings, connections, at } }];
}

/**
 * A connection fell through (or the facility wants one more): the posting takes bids again in
 * its paid period. The next connection fills it again; raising the openings on the form instead
 * keeps it open for as many more.
 */
function reopen({ actor, now }: ReopenPosting['data'], state: PostingState): PostingEvent[] {
  const posting = found(state);
  assertMayAct(actor, 'reopen', posting.facility_id);
  assertAllowed('reopen', posting, now);
  return [{ type: 'PostingReopened', data: { user_id: actor.user_id, at: now.toISOString() } }];
}

/** Only a live (active or filled) posting whose period has ended, once: a stale, early or repeated job is a no-op. */
function expire({ now }: ExpirePosting['data'], state: PostingState): PostingEvent[] {
  if (!isLive(state) || state.expiry_recorded) return [];
  if (!isPastExpiry(state.auto_expire_date, now)) return [];
  return [{ type: 'PostingExpired', data: { auto_expire_date: state.auto_expire_date, at: now.toISOString() } }];
}

/**
 * Where a period that starts now ends: the publisher's explicit choice if still ahead; for the
 * first period the posting's own expiry (chosen on the form) if still ahead; otherwise one month
 * from now. Evaluated when the posting goes live, so a slow payment does not shorten a default
 * period.
 */
function periodEnd(posting: Posting, requested: string | null, now: Date): string {
  if (requested !== null && !isPastExpiry(requested, now)) return requested;
  const firstPeriod = posting.published_at === null;
  if (firstPeriod && !isPastExpiry(posting.auto_expire_date, now)) return posting.auto_expire_date;
  return defaultExpiry(now);
}

/** A publisher's explicit period end, normalised to ISO UTC; it must lie ahead. */
function requestedExpiry(value: string | null, now: Date): string | null {
  if (value === null) return null;
  const ms = instant(value);
  if (ms === null) throw new RuleViolation('auto_expire_date', M.expiryInvalid);
  const normalised = new Date(ms).toISOString();
  assertFutureExpiry(normalised, now);
  return normalised;
}

function assertFutureExpiry(autoExpireDate: string, now: Date): void {
  if (isPastExpiry(autoExpireDate, now)) throw new RuleViolation('auto_expire_date', M.expiryInPast);
}

/** Published and not withdrawn: in its paid period, taking bids or filled. */
function isLive(state: PostingState): state is Posting {
  return state.status === 'active' || state.status === 'filled';
}

function found(state: PostingState): Posting {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  return state;
}

/** Members of a verified, active facility, on their own facility's postings, with the flag. */
function assertMayAct(actor: FacilityMember, action: MemberAction, postingFacilityId: string): void {
  if (actor.facility.verification_status !== 'verified') throw new ForbiddenError(M.facilityNotVerified);
  if (!actor.facility.is_active) throw new ForbiddenError(M.facilitySuspended);
  if (actor.facility_id !== postingFacilityId) throw new ForbiddenError(M.otherFacility);
  if (!actor.permissions[REQUIRED_FLAG[action]]) throw new ForbiddenError(M.noPermission(action));
}

function assertAllowed(action: PostingAction, posting: Posting, now: Date): void {
  const status = postingStatus(posting, now);
  if (POSTING_ACTIONS_BY_STATUS[status].includes(action)) return;
  throw new ConflictError(REFUSALS[status][action] ?? `This job posting is ${status}.`);
}

function evolve(state: PostingState, event: PostingEvent): PostingState {
  if (event.type === 'PostingCreated') return created(event.data);
  // Events before creation cannot happen in a valid stream; the log wins, so ignore them.
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PostingEdited': {
      const { auto_expire_date, ...fields } = event.data.changes;
      return { ...state, fields: { ...state.fields, ...fields }, auto_expire_date: auto_expire_date ?? state.auto_expire_date };
    }
    case 'PostingPublished':
    case 'PostingActivated':
      return {
        ...state,
        status: 'active',
        published_at: event.data.published_at,
        auto_expire_date: event.data.auto_expire_date,
        payment_pending: null,
        expiry_recorded: false,
      };
    case 'PostingPaymentRequired':
      return { ...state, payment_pending: { requested_auto_expire_date: event.data.requested_auto_expire_date } };
    case 'PostingWithdrawn':
      return { ...state, status: 'withdrawn' };
    case 'PostingReactivated':
    case 'PostingReopened':
      return { ...state, status: 'active' };
    case 'PostingExpired':
      return { ...state, expiry_recorded: true };
    case 'PostingConnectionMade':
      return { ...state, connected_bid_ids: [...connectedBids(state), event.data.bid_id] };
    case 'PostingFilled':
      return { ...state, status: 'filled' };
    default:
      return assertNever(event);
  }
}

function created(data: PostingCreated['data']): Posting {
  return {
    status: 'draft',
    posting_id: data.posting_id,
    facility_id: data.facility_id,
    created_by: data.created_by,
    created_at: data.at,
    fields: pickPostingFields(data),
    auto_expire_date: data.auto_expire_date,
    published_at: null,
    payment_pending: null,
    expiry_recorded: false,
    connected_bid_ids: [],
  };
}

/** States stored as JSON before openings existed (the bids read model's copies) have no list. */
function connectedBids(state: Posting): string[] {
  const stored: Partial<Pick<Posting, 'connected_bid_ids'>> = state;
  return stored.connected_bid_ids ?? [];
}

export const postingDecider: StreamDecider<PostingState, PostingCommand, PostingEvent> = {
  initialState,
  decide,
  evolve,
  isEvent: isPostingEvent,
};
