import type { SubscriptionEvent } from '../domain/billing';
import type { PostingEvent } from '../domain/postings';
import { jobIdFor, reactTo, type Reactor } from '../platform/reactors/reactor';
import { streamId, type Recorded } from '../platform/subscriptions';
import type { JobRequest } from '../queues/queues';
import { BILLING_EMAILS, type PaymentFailedJob, type ReceiptJob, type SubscriptionEndedJob } from './billing-email-jobs';

export const BILLING_JOBS = {
  cancel: 'cancel-subscription',
  renew: 'renew-subscription',
} as const;

export interface CancelSubscriptionJob {
  posting_id: string;
  reason: 'withdrawn' | 'expired';
  requested_at: string;
}

/** The renewal due at `period_end` (the worker ignores it once the period moved on). */
export interface RenewSubscriptionJob {
  posting_id: string;
  period_end: string;
}

const renewal = (event: Recorded<SubscriptionEvent>, periodEnd: string): JobRequest => ({
  queue: 'billing',
  name: BILLING_JOBS.renew,
  data: { posting_id: streamId(event), period_end: periodEnd } satisfies RenewSubscriptionJob,
  jobId: jobIdFor(event, BILLING_JOBS.renew),
  delay: Date.parse(periodEnd) - Date.now(),
});

const mail = (event: Recorded<SubscriptionEvent>, name: string, data: unknown): JobRequest => ({
  queue: 'mail',
  name,
  data,
  jobId: jobIdFor(event, name),
});

/** Money events -> renewal jobs (sandbox subscriptions; the worker skips the others) and emails. */
function onSubscription(event: Recorded<SubscriptionEvent>): JobRequest[] {
  const ids = { posting_id: streamId(event), facility_id: event.data.facility_id };
  switch (event.type) {
    case 'SubscriptionStarted':
      return event.data.provider === 'sandbox' ? [renewal(event, event.data.period_end)] : [];
    case 'PaymentRecorded': {
      const d = event.data;
      const jobs: JobRequest[] = [];
      if (d.billing_type === 'monthly' && d.period_end) jobs.push(renewal(event, d.period_end));
      if (d.status === 'paid' && d.amount_cents > 0) {
        const receipt: ReceiptJob = {
          ...ids,
          amount_cents: d.amount_cents,
          billing_type: d.billing_type,
          paid_at: d.paid_at,
          period_start: d.period_start,
          period_end: d.period_end,
        };
        jobs.push(mail(event, BILLING_EMAILS.receipt, receipt));
      }
      return jobs;
    }
    case 'PaymentFailed':
      return [
        mail(event, BILLING_EMAILS.paymentFailed, {
          ...ids,
          amount_cents: event.data.amount_cents,
          reason: event.data.reason,
        } satisfies PaymentFailedJob),
      ];
    case 'SubscriptionCanceled':
      return [
        mail(event, BILLING_EMAILS.subscriptionEnded, {
          ...ids,
          reason: event.data.reason,
          at: event.data.at,
        } satisfies SubscriptionEndedJob),
      ];
    default:
      return [];
  }
}

/**
 * Billing follows postings and subscriptions: a withdrawal or an expiry cancels the posting's
 * subscription at once; a started or renewed sandbox period schedules its renewal at the period's
 * end; payments, failures and cancellations email the facility's billing managers. Job ids derive
 * from event ids, so a replay enqueues nothing twice.
 */
export const billingReactor: Reactor = {
  name: 'billing',
  follows: [
    reactTo<PostingEvent>('posting', ['PostingWithdrawn', 'PostingExpired'], (event) => [
      {
        queue: 'billing',
        name: BILLING_JOBS.cancel,
        data: {
          posting_id: streamId(event),
          reason: event.type === 'PostingWithdrawn' ? 'withdrawn' : 'expired',
          requested_at: event.data.at,
        } satisfies CancelSubscriptionJob,
        jobId: jobIdFor(event, BILLING_JOBS.cancel),
      },
    ]),
    reactTo<SubscriptionEvent>(
      'subscription',
      ['SubscriptionStarted', 'PaymentRecorded', 'PaymentFailed', 'SubscriptionCanceled'],
      onSubscription,
    ),
  ],
};
