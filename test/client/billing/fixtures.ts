import type { BillingConfig, PaymentRow, PaymentsPage, SubscriptionView } from '@domain/billing/billing-views';

export const POSTING_ID = '3f2a9c1e-0000-4000-8000-00000000b111';

export const sandboxConfig: BillingConfig = { job_posting_monthly_rate: 199, currency: 'usd', mode: 'sandbox', publishable_key: null };
export const stripeConfig: BillingConfig = {
  job_posting_monthly_rate: 199,
  currency: 'usd',
  mode: 'stripe',
  publishable_key: 'pk_test_123',
};

export function subscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    job_posting_id: POSTING_ID,
    status: 'active',
    monthly_rate: 199,
    current_period_start: '2030-01-10T12:00:00.000Z',
    current_period_end: '2030-02-10T12:00:00.000Z',
    canceled_at: null,
    billing_records: [
      {
        id: '9b7e0000-0000-4000-8000-000000000002',
        prorated_amount: 199,
        status: 'pending',
        paid_at: null,
        created_at: '2030-02-10T12:00:00.000Z',
        billing_type: 'monthly',
      },
      {
        id: '9b7e0000-0000-4000-8000-000000000001',
        prorated_amount: 199,
        status: 'paid',
        paid_at: '2030-01-10T12:00:00.000Z',
        created_at: '2030-01-10T11:59:00.000Z',
        billing_type: 'initial',
      },
    ],
    ...overrides,
  };
}

let rows = 0;
export function paymentRow(overrides: Partial<PaymentRow> = {}): PaymentRow {
  rows += 1;
  return {
    id: `9b7e0000-0000-4000-8000-${String(rows).padStart(12, '0')}`,
    job_posting_id: POSTING_ID,
    job_title: 'CRNA for a busy ambulatory surgery center',
    job_status: 'active',
    job_auto_expire_date: '2030-02-10T12:00:00.000Z',
    payment_date: '2030-01-10T12:00:00.000Z',
    amount: 199,
    billing_type: 'initial',
    status: 'paid',
    ...overrides,
  };
}

export function paymentsPage(payments: PaymentRow[], overrides: Partial<PaymentsPage> = {}): PaymentsPage {
  return { payments, total: payments.length, page: 1, page_size: 20, posting_credits: 2, ...overrides };
}
