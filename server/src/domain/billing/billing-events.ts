/**
 * Events of a posting's subscription stream (`subscription-{posting id}`): what the facility
 * paid for that posting and when. Money is integer cents here; the API answers dollars.
 */
import { eventGuard, type Event } from '../shared/events';
import type { BillingType, PaymentStatus, PaymentProvider } from './billing-rules';

export const subscriptionStream = (postingId: string) => `subscription-${postingId}`;

/**
 * A paid period began: by checkout (Stripe or the sandbox) or by a posting credit. `provider_ref`
 * names the provider's subscription (Stripe `sub_...`, the sandbox session) or null for a credit.
 */
export type SubscriptionStarted = Event<
  'SubscriptionStarted',
  {
    posting_id: string;
    facility_id: string;
    provider: PaymentProvider;
    provider_ref: string | null;
    /** The checkout session that paid, so a second confirm or its webhook changes nothing. */
    checkout_session_id: string | null;
    monthly_rate_cents: number;
    period_start: string;
    period_end: string;
    at: string;
  }
>;

/** One billing record; `source_ref` (session, invoice or renewal id) makes each one count once. */
export type PaymentRecorded = Event<
  'PaymentRecorded',
  {
    payment_id: string;
    posting_id: string;
    facility_id: string;
    billing_type: BillingType;
    amount_cents: number;
    status: PaymentStatus;
    paid_at: string | null;
    source_ref: string;
    /** The period this payment covers (monthly renewals move the period forward). */
    period_start: string | null;
    period_end: string | null;
    at: string;
  }
>;

/** A renewal charge failed: the subscription is past due and the billing managers are told. */
export type PaymentFailed = Event<
  'PaymentFailed',
  { posting_id: string; facility_id: string; amount_cents: number; source_ref: string; reason: string; at: string }
>;

/** Billing stopped: withdrawn, expired, ended by the provider, or after a failed renewal. */
export type SubscriptionCanceled = Event<
  'SubscriptionCanceled',
  { posting_id: string; facility_id: string; reason: 'withdrawn' | 'expired' | 'provider' | 'payment_failed'; at: string }
>;

export type SubscriptionEvent = SubscriptionStarted | PaymentRecorded | PaymentFailed | SubscriptionCanceled;
export type SubscriptionEventType = SubscriptionEvent['type'];

export const SUBSCRIPTION_EVENT_TYPES: readonly SubscriptionEventType[] = [
  'SubscriptionStarted',
  'PaymentRecorded',
  'PaymentFailed',
  'SubscriptionCanceled',
];

export const isSubscriptionEvent = eventGuard<SubscriptionEvent>(SUBSCRIPTION_EVENT_TYPES);
