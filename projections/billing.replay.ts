import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from '../server/src/domain/billing/billing-events';
import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';

type SubscriptionRow = Record<string, unknown> & { posting_id: string; status: string };
type BillingRecordRow = Record<string, unknown> & { id: string };

interface Billing {
  subscriptions: FoldedTable<SubscriptionRow>;
  records: FoldedTable<BillingRecordRow>;
}

/** The billing read models folded in memory for rebuilds: the same rows as billing.projection.ts. */
export function billingReplay(): ReplayModel {
  const billing: Billing = {
    subscriptions: new FoldedTable<SubscriptionRow>('subscriptions', (row) => row.posting_id),
    records: new FoldedTable<BillingRecordRow>('billing_records', (row) => row.id),
  };
  return {
    tables: [billing.subscriptions, billing.records],
    follows: [fold<SubscriptionEvent>('subscription', SUBSCRIPTION_EVENT_TYPES, (event) => apply(billing, event))],
  };
}

function apply({ subscriptions, records }: Billing, event: Recorded<SubscriptionEvent>): void {
  const postingId = streamId(event);
  switch (event.type) {
    case 'SubscriptionStarted': {
      const d = event.data;
      const period = {
        facility_id: d.facility_id,
        status: 'active',
        provider: d.provider,
        provider_ref: d.provider_ref,
        checkout_session_id: d.checkout_session_id,
        monthly_rate_cents: d.monthly_rate_cents,
        current_period_start: d.period_start,
        current_period_end: d.period_end,
        canceled_at: null,
        cancel_reason: null,
        updated_at: d.at,
      };
      subscriptions.upsert({ posting_id: postingId, ...period }, period, event);
      return;
    }
    case 'PaymentRecorded': {
      const d = event.data;
      const record = { id: d.payment_id, posting_id: postingId, facility_id: d.facility_id, billing_type: d.billing_type };
      const payment = { amount_cents: d.amount_cents, status: d.status, paid_at: d.paid_at, created_at: d.at, source_ref: d.source_ref };
      records.insert({ ...record, ...payment, period_start: d.period_start, period_end: d.period_end }, event);
      if (d.billing_type !== 'monthly' || !d.period_start || !d.period_end) return;
      const current = subscriptions.get(postingId);
      const status = d.status === 'paid' ? 'active' : current?.status;
      subscriptions.update(
        postingId,
        { current_period_start: d.period_start, current_period_end: d.period_end, status, updated_at: d.at },
        event,
      );
      return;
    }
    case 'PaymentFailed':
      subscriptions.update(postingId, { status: 'past_due', updated_at: event.data.at }, event);
      return;
    case 'SubscriptionCanceled': {
      const d = event.data;
      subscriptions.update(postingId, { status: 'canceled', canceled_at: d.at, cancel_reason: d.reason, updated_at: d.at }, event);
      return;
    }
  }
}
