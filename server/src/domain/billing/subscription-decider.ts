/**
 * A posting's subscription (`subscription-{posting id}`): what was paid for the posting, for which
 * period, and when billing stopped. Pure: the billing services load the stream, call decide and
 * append with the stream's version. Every command that records money names its source (checkout
 * session, invoice, renewal), so a repeated confirm, webhook or job changes nothing.
 */
import { assertNever, type StreamDecider } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import type { Command } from '../shared/events';
import {
  isSubscriptionEvent,
  type PaymentRecorded,
  type SubscriptionCanceled,
  type SubscriptionEvent,
  type SubscriptionStarted,
} from './billing-events';
import type { PaymentProvider, SubscriptionStatus } from './billing-rules';

export interface Subscription {
  status: SubscriptionStatus;
  posting_id: string;
  facility_id: string;
  provider: PaymentProvider;
  provider_ref: string | null;
  monthly_rate_cents: number;
  started_at: string;
  period_start: string;
  period_end: string;
  /** Checkout sessions and payment sources already recorded on this stream. */
  sessions: readonly string[];
  sources: readonly string[];
}

export type SubscriptionState = { status: 'none'; sessions: readonly string[]; sources: readonly string[] } | Subscription;

export const SUBSCRIPTION_MESSAGES = {
  noSubscription: 'This job posting has no subscription to bill yet.',
} as const;

interface Dated {
  now: Date;
}

export type StartSubscription = Command<
  'StartSubscription',
  Dated & {
    posting_id: string;
    facility_id: string;
    provider: PaymentProvider;
    provider_ref: string | null;
    checkout_session_id: string | null;
    monthly_rate_cents: number;
    period_end: string;
    /** The first record: 'initial' (the monthly rate, paid) or 'credit' (no cash value: 0). */
    payment: { payment_id: string; billing_type: 'initial' | 'credit'; amount_cents: number; source_ref: string };
  }
>;

/** A renewal or invoice paid (status paid) or failed (status failed, the subscription past due). */
export type RecordRenewal = Command<
  'RecordRenewal',
  Dated & {
    payment_id: string;
    source_ref: string;
    amount_cents: number;
    outcome: 'paid' | 'failed';
    reason?: string;
    period_start: string;
    period_end: string;
  }
>;

/**
 * Stops billing at once with a 'Final' record of 0 (no refunds). `requested_at` is when the cause
 * happened (a withdrawal, an expiry): a subscription started after it is a new one and stays.
 */
export type CancelSubscription = Command<
  'CancelSubscription',
  Dated & { reason: SubscriptionCanceled['data']['reason']; requested_at: string; payment_id: string }
>;

export type SubscriptionCommand = StartSubscription | RecordRenewal | CancelSubscription;

const initialState = (): SubscriptionState => ({ status: 'none', sessions: [], sources: [] });

/** Active or past due: a subscription that still bills. */
export function isLive(state: SubscriptionState): state is Subscription {
  return state.status === 'active' || state.status === 'past_due';
}

function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  switch (command.type) {
    case 'StartSubscription':
      return start(command.data, state);
    case 'RecordRenewal':
      return renewal(command.data, state);
    case 'CancelSubscription':
      return cancel(command.data, state);
    default:
      return assertNever(command);
  }
}

function start(data: StartSubscription['data'], state: SubscriptionState): SubscriptionEvent[] {
  if (data.checkout_session_id !== null && state.sessions.includes(data.checkout_session_id)) return [];
  if (state.sources.includes(data.payment.source_ref)) return [];
  const at = data.now.toISOString();
  // A new period replaces one still live (e.g. republished before the expiry's cancel ran).
  const closing = isLive(state) ? closeEvents(state, 'expired', `${data.payment.payment_id}-final`, at) : [];
  const started: SubscriptionStarted = {
    type: 'SubscriptionStarted',
    data: {
      posting_id: data.posting_id,
      facility_id: data.facility_id,
      provider: data.provider,
      provider_ref: data.provider_ref,
      checkout_session_id: data.checkout_session_id,
      monthly_rate_cents: data.monthly_rate_cents,
      period_start: at,
      period_end: data.period_end,
      at,
    },
  };
  const paid: PaymentRecorded = {
    type: 'PaymentRecorded',
    data: {
      payment_id: data.payment.payment_id,
      posting_id: data.posting_id,
      facility_id: data.facility_id,
      billing_type: data.payment.billing_type,
      amount_cents: data.payment.amount_cents,
      status: 'paid',
      paid_at: at,
      source_ref: data.payment.source_ref,
      period_start: at,
      period_end: data.period_end,
      at,
    },
  };
  return [...closing, started, paid];
}

function renewal(data: RecordRenewal['data'], state: SubscriptionState): SubscriptionEvent[] {
  if (state.sources.includes(data.source_ref)) return [];
  // Stripe may deliver an invoice before the checkout that started it: refused, so it is retried.
  if (state.status === 'none') throw new ConflictError(SUBSCRIPTION_MESSAGES.noSubscription);
  if (!isLive(state)) return [];
  const at = data.now.toISOString();
  const paid = data.outcome === 'paid';
  const record: PaymentRecorded = {
    type: 'PaymentRecorded',
    data: {
      payment_id: data.payment_id,
      posting_id: state.posting_id,
      facility_id: state.facility_id,
      billing_type: 'monthly',
      amount_cents: data.amount_cents,
      status: paid ? 'paid' : 'failed',
      paid_at: paid ? at : null,
      source_ref: data.source_ref,
      period_start: data.period_start,
      period_end: data.period_end,
      at,
    },
  };
  if (paid) return [record];
  const failed: SubscriptionEvent = {
    type: 'PaymentFailed',
    data: {
      posting_id: state.posting_id,
      facility_id: state.facility_id,
      amount_cents: data.amount_cents,
      source_ref: data.source_ref,
      reason: data.reason ?? 'The card was declined.',
      at,
    },
  };
  return [record, failed];
}

function cancel(data: CancelSubscription['data'], state: SubscriptionState): SubscriptionEvent[] {
  if (!isLive(state)) return [];
  if (Date.parse(state.started_at) > Date.parse(data.requested_at)) return [];
  return closeEvents(state, data.reason, data.payment_id, data.now.toISOString());
}

/** The 'Final' record (0: no refunds) and the cancellation. */
function closeEvents(
  state: Subscription,
  reason: SubscriptionCanceled['data']['reason'],
  paymentId: string,
  at: string,
): SubscriptionEvent[] {
  const ids = { posting_id: state.posting_id, facility_id: state.facility_id };
  return [
    {
      type: 'PaymentRecorded',
      data: {
        ...ids,
        payment_id: paymentId,
        billing_type: 'prorated_cancellation',
        amount_cents: 0,
        status: 'paid',
        paid_at: at,
        source_ref: `final-${state.started_at}`,
        period_start: state.period_start,
        period_end: at,
        at,
      },
    },
    { type: 'SubscriptionCanceled', data: { ...ids, reason, at } },
  ];
}

function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  const sources = event.type === 'PaymentRecorded' ? [...state.sources, event.data.source_ref] : state.sources;
  switch (event.type) {
    case 'SubscriptionStarted': {
      const d = event.data;
      return {
        status: 'active',
        posting_id: d.posting_id,
        facility_id: d.facility_id,
        provider: d.provider,
        provider_ref: d.provider_ref,
        monthly_rate_cents: d.monthly_rate_cents,
        started_at: d.at,
        period_start: d.period_start,
        period_end: d.period_end,
        sessions: d.checkout_session_id ? [...state.sessions, d.checkout_session_id] : state.sessions,
        sources,
      };
    }
    case 'PaymentRecorded': {
      if (state.status === 'none') return { ...state, sources };
      // A renewal moves the period on, paid or not: a failed one leaves the posting live, past due,
      // until that unpaid period ends.
      const { billing_type, period_start, period_end, status } = event.data;
      if (billing_type !== 'monthly' || period_start === null || period_end === null) return { ...state, sources };
      return { ...state, sources, period_start, period_end, status: status === 'paid' ? 'active' : state.status };
    }
    case 'PaymentFailed':
      return state.status === 'none' ? state : { ...state, status: 'past_due' };
    case 'SubscriptionCanceled':
      return state.status === 'none' ? state : { ...state, status: 'canceled' };
    default:
      return assertNever(event);
  }
}

export const subscriptionDecider: StreamDecider<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  initialState,
  decide,
  evolve,
  isEvent: isSubscriptionEvent,
};
