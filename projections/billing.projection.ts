import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from '../server/src/domain/billing/billing-events';
import { billingReplay } from './billing.replay';

/**
 * The billing read models, from the `subscription-{posting id}` streams: `subscriptions` (one row
 * per posting, its latest period) and `billing_records` (one row per payment). Facility credits
 * stay in the facilities read model. Payment History joins `job_postings` at query time.
 */
export const billingProjection: Projection = {
  name: 'billing',
  follows: [on<SubscriptionEvent>('subscription', SUBSCRIPTION_EVENT_TYPES, apply)],
  tables: ['subscriptions', 'billing_records'],
  replay: billingReplay,
};

async function apply(event: Recorded<SubscriptionEvent>, { tx }: ProjectionContext): Promise<void> {
  const postingId = streamId(event);
  switch (event.type) {
    case 'SubscriptionStarted': {
      const d = event.data;
      await tx.query(
        `INSERT INTO subscriptions (posting_id, facility_id, status, provider, provider_ref, checkout_session_id, monthly_rate_cents,
                                    current_period_start, current_period_end, canceled_at, cancel_reason, updated_at)
           VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, NULL, NULL, $9)
           ON CONFLICT (posting_id) DO UPDATE SET
             facility_id = EXCLUDED.facility_id, status = 'active', provider = EXCLUDED.provider, provider_ref = EXCLUDED.provider_ref,
             checkout_session_id = EXCLUDED.checkout_session_id, monthly_rate_cents = EXCLUDED.monthly_rate_cents,
             current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
             canceled_at = NULL, cancel_reason = NULL, updated_at = EXCLUDED.updated_at`,
        [
          postingId,
          d.facility_id,
          d.provider,
          d.provider_ref,
          d.checkout_session_id,
          d.monthly_rate_cents,
          d.period_start,
          d.period_end,
          d.at,
        ],
      );
      break;
    }
    case 'PaymentRecorded': {
      const d = event.data;
      await tx.query(
        `INSERT INTO billing_records (id, posting_id, facility_id, billing_type, amount_cents, status, paid_at, created_at, source_ref, period_start, period_end)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
        [
          d.payment_id,
          postingId,
          d.facility_id,
          d.billing_type,
          d.amount_cents,
          d.status,
          d.paid_at,
          d.at,
          d.source_ref,
          d.period_start,
          d.period_end,
        ],
      );
      if (d.billing_type === 'monthly' && d.period_start && d.period_end) {
        await tx.query(
          `UPDATE subscriptions SET current_period_start = $2, current_period_end = $3,
               status = CASE WHEN $4 = 'paid' THEN 'active' ELSE status END, updated_at = $5
             WHERE posting_id = $1`,
          [postingId, d.period_start, d.period_end, d.status, d.at],
        );
      }
      break;
    }
    case 'PaymentFailed':
      await tx.query(`UPDATE subscriptions SET status = 'past_due', updated_at = $2 WHERE posting_id = $1`, [postingId, event.data.at]);
      break;
    case 'SubscriptionCanceled':
      await tx.query(
        `UPDATE subscriptions SET status = 'canceled', canceled_at = $2, cancel_reason = $3, updated_at = $2 WHERE posting_id = $1`,
        [postingId, event.data.at, event.data.reason],
      );
      break;
  }
}
