/** The billing emails, by job name (billing.reactor.ts and checkout enqueue them, BillingEmails composes them). */
export const BILLING_EMAILS = {
  receipt: 'billing-receipt',
  paymentFailed: 'billing-payment-failed',
  subscriptionEnded: 'billing-subscription-ended',
  managerNeeded: 'billing-manager-needed',
} as const;

/** A paid record with an amount: what the receipt shows. */
export interface ReceiptJob {
  posting_id: string;
  facility_id: string;
  amount_cents: number;
  billing_type: string;
  paid_at: string | null;
  period_start: string | null;
  period_end: string | null;
}

export interface PaymentFailedJob {
  posting_id: string;
  facility_id: string;
  amount_cents: number;
  reason: string;
}

export interface SubscriptionEndedJob {
  posting_id: string;
  facility_id: string;
  reason: string;
  at: string;
}

export interface BillingManagerNeededJob {
  posting_id: string;
  facility_id: string;
  asked_by: string;
}
