/** A small posting world: one facility, one member, events at fixed times. */
import type { FacilityMember, JobPostingInput, PostingCommand, PostingEvent } from '../../../../server/src/domain/postings';

export const NOW = new Date('2030-03-10T15:00:00.000Z');
export const AT = NOW.toISOString();
export const CREATED_AT = '2030-03-01T09:00:00.000Z';
/** The draft's own expiry: one month after creation. */
export const DRAFT_EXPIRY = '2030-04-01T09:00:00.000Z';
export const PUBLISHED_AT = '2030-03-02T09:00:00.000Z';
export const PERIOD_END = '2030-04-02T09:00:00.000Z';
/** An hour before NOW. */
export const PAST_PERIOD_END = '2030-03-10T14:00:00.000Z';
/** One calendar month after NOW. */
export const MONTH_AFTER_NOW = '2030-04-10T15:00:00.000Z';

export const POSTING_ID = 'posting-1';
export const FACILITY_ID = 'facility-1';
export const USER_ID = 'user-1';

export function member(overrides: Partial<FacilityMember> = {}): FacilityMember {
  return {
    user_id: USER_ID,
    facility_id: FACILITY_ID,
    permissions: { can_create_jobs: true, can_edit_jobs: true, can_publish_jobs: true },
    facility: { verification_status: 'verified', is_active: true },
    ...overrides,
  };
}

export const FORM: JobPostingInput = {
  title: 'CRNA for GI suite',
  role_type: 'CRNA',
  start_date: '2030-04-01',
  end_date: '2030-04-30',
  week_days: [2, 3, 4, 5, 6],
  hourly_rate: 175,
  hours_per_day: 10,
  days_per_week: 5,
  required_license_state: 'TX',
  procedure_type_ids: [1, 3],
  on_call_ratio: null,
  supervision_type: 'independent',
  malpractice_amount: 5,
  lodging_amount: 500,
  lodging_frequency: 'weekly',
  travel_allowance_amount: 250,
  openings: 1,
  auto_expire_date: null,
};

const { auto_expire_date: _formExpiry, ...FIELDS } = FORM;
export { FIELDS };

export const ev = {
  created: (autoExpireDate = DRAFT_EXPIRY): PostingEvent => ({
    type: 'PostingCreated',
    data: {
      ...FIELDS,
      posting_id: POSTING_ID,
      facility_id: FACILITY_ID,
      created_by: USER_ID,
      auto_expire_date: autoExpireDate,
      at: CREATED_AT,
    },
  }),
  published: (autoExpireDate = PERIOD_END): PostingEvent => ({
    type: 'PostingPublished',
    data: { user_id: USER_ID, at: PUBLISHED_AT, published_at: PUBLISHED_AT, auto_expire_date: autoExpireDate, paid_with: 'credit' },
  }),
  paymentRequired: (requested: string | null = null): PostingEvent => ({
    type: 'PostingPaymentRequired',
    data: { user_id: USER_ID, at: PUBLISHED_AT, requested_auto_expire_date: requested },
  }),
  withdrawn: (): PostingEvent => ({ type: 'PostingWithdrawn', data: { user_id: USER_ID, at: PUBLISHED_AT } }),
  connection: (bidId = 'bid-1'): PostingEvent => ({ type: 'PostingConnectionMade', data: { bid_id: bidId, at: PUBLISHED_AT } }),
  filled: (openings = 1, connections = 1): PostingEvent => ({ type: 'PostingFilled', data: { openings, connections, at: PUBLISHED_AT } }),
  reopened: (): PostingEvent => ({ type: 'PostingReopened', data: { user_id: USER_ID, at: PUBLISHED_AT } }),
  expired: (autoExpireDate = PAST_PERIOD_END): PostingEvent => ({
    type: 'PostingExpired',
    data: { auto_expire_date: autoExpireDate, at: AT },
  }),
};

/** Histories that put a posting in each situation at NOW. */
export const HISTORIES = {
  none: [],
  draft: [ev.created()],
  draft_awaiting_payment: [ev.created(), ev.paymentRequired()],
  active: [ev.created(), ev.published()],
  withdrawn: [ev.created(), ev.published(), ev.withdrawn()],
  expired: [ev.created(), ev.published(PAST_PERIOD_END)],
  expired_recorded: [ev.created(), ev.published(PAST_PERIOD_END), ev.expired()],
  expired_awaiting_payment: [ev.created(), ev.published(PAST_PERIOD_END), ev.paymentRequired()],
  withdrawn_expired: [ev.created(), ev.published(PAST_PERIOD_END), ev.withdrawn()],
  filled: [ev.created(), ev.published(), ev.connection(), ev.filled()],
  filled_expired: [ev.created(), ev.published(PAST_PERIOD_END), ev.connection(), ev.filled()],
} satisfies Record<string, PostingEvent[]>;

export type Situation = keyof typeof HISTORIES;

export const cmd = {
  create: (actor = member(), form: JobPostingInput = FORM): PostingCommand => ({
    type: 'CreatePosting',
    data: { actor, now: NOW, posting_id: POSTING_ID, form },
  }),
  edit: (form: Partial<JobPostingInput> = { title: 'CRNA for endoscopy' }, actor = member()): PostingCommand => ({
    type: 'EditPosting',
    data: { actor, now: NOW, form: { ...FORM, ...form } },
  }),
  publish: (facility_credits: number, actor = member(), auto_expire_date?: string | null): PostingCommand => ({
    type: 'PublishPosting',
    data: { actor, now: NOW, facility_credits, auto_expire_date },
  }),
  confirmPayment: (now = NOW): PostingCommand => ({ type: 'ConfirmPayment', data: { user_id: USER_ID, now } }),
  withdraw: (actor = member()): PostingCommand => ({ type: 'WithdrawPosting', data: { actor, now: NOW } }),
  reactivate: (actor = member(), facility_credits = 1): PostingCommand => ({
    type: 'ReactivatePosting',
    data: { actor, now: NOW, facility_credits },
  }),
  expire: (now = NOW): PostingCommand => ({ type: 'ExpirePosting', data: { now } }),
  reopen: (actor = member()): PostingCommand => ({ type: 'ReopenPosting', data: { actor, now: NOW } }),
  recordConnection: (bidId = 'bid-2', now = NOW): PostingCommand => ({ type: 'RecordConnection', data: { bid_id: bidId, now } }),
};
