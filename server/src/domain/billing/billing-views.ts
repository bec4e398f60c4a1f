/**
 * The billing API's bodies, queries and answers (part 2 sections 3 and 7; issue #11). Amounts in
 * answers are US dollars as numbers (199 or 199.5); events keep integer cents.
 */
import { z } from 'zod';
import { pageNumberFields } from '../shared/paging';
import {
  BILLING_MESSAGES as M,
  BILLING_MODES,
  BILLING_TYPES,
  PAYMENT_FILTERS,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
} from './billing-rules';

const isoDateTime = z.string().describe('ISO date-time');

/** GET /billing/config */
export const billingConfigSchema = z.object({
  job_posting_monthly_rate: z.number().describe('US dollars per month for one live posting.'),
  currency: z.literal('usd'),
  mode: z.enum(BILLING_MODES).describe('stripe: Stripe embedded checkout; sandbox: the built-in test card form.'),
  publishable_key: z.string().nullable().describe('Stripe publishable key; null in sandbox mode.'),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

const returnUrl = z.url({ error: 'Enter a full web address.' }).max(2000, 'Addresses are limited to 2000 characters');

/** POST /billing/create-checkout-session */
export const checkoutSessionBodySchema = z.object({
  job_posting_id: z.uuid({ error: 'job_posting_id must be a job posting id' }),
  success_url: returnUrl,
  cancel_url: returnUrl,
});
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBodySchema>;

export const checkoutSessionSchema = z.object({
  client_secret: z.string().describe('`{session_id}_secret_{random}`, as Stripe shapes it.'),
  session_id: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** The session id is the part of a client secret before the secret marker (part 2 section 7). */
export function sessionIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0];
}

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** POST /billing/sandbox/sessions/{session_id}/pay */
export const sandboxPaymentBodySchema = z.object({
  card_number: z
    .string({ error: M.cardNumberInvalid })
    .max(40, M.cardNumberInvalid)
    .transform(digits)
    .pipe(z.string().regex(/^\d{16}$/, M.cardNumberInvalid)),
  exp_month: z.coerce
    .number({ error: 'Enter the expiry month.' })
    .int()
    .min(1, 'Enter a month from 1 to 12.')
    .max(12, 'Enter a month from 1 to 12.'),
  exp_year: z.coerce
    .number({ error: 'Enter the expiry year.' })
    .int()
    .min(2000, 'Enter a four-digit year.')
    .max(2100, 'Enter a four-digit year.'),
  cvc: z.string({ error: M.cvcInvalid }).regex(/^\d{3,4}$/, M.cvcInvalid),
});
export type SandboxPaymentBody = z.infer<typeof sandboxPaymentBodySchema>;

/** One billing record of a posting's subscription (part 2 section 3 'Billing for a posting'). */
export const billingRecordSchema = z.object({
  id: z.uuid(),
  prorated_amount: z.number().describe('US dollars.'),
  status: z.enum(PAYMENT_STATUSES),
  paid_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  billing_type: z.enum(BILLING_TYPES),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;

/** GET /billing/subscription/{job_posting_id} */
export const subscriptionViewSchema = z.object({
  job_posting_id: z.uuid(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  monthly_rate: z.number().describe('US dollars per month.'),
  current_period_start: isoDateTime,
  current_period_end: isoDateTime,
  canceled_at: isoDateTime.nullable(),
  billing_records: z.array(billingRecordSchema).describe('Newest first.'),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** POST /billing/confirm-subscription/{session_id}: the posting is live. */
export const confirmedSubscriptionSchema = z.object({
  job_posting_id: z.uuid(),
  subscription: subscriptionViewSchema,
});
export type ConfirmedSubscription = z.infer<typeof confirmedSubscriptionSchema>;

export const PAYMENTS_PAGE_SIZE = { default: 20, max: 100 } as const;

/** GET /billing/payments query */
export const paymentsQuerySchema = z.object({
  filter: z.enum(PAYMENT_FILTERS, { error: 'filter must be active, expired or all' }).default('all'),
  ...pageNumberFields(PAYMENTS_PAGE_SIZE),
});
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

/** One row of Payment History (part 2 section 3 'Payment row'). */
export const paymentRowSchema = z.object({
  id: z.uuid(),
  job_posting_id: z.uuid(),
  job_title: z.string(),
  job_status: z.string().describe('draft | active | withdrawn | expired'),
  job_auto_expire_date: isoDateTime.nullable(),
  payment_date: isoDateTime.describe('paid_at, or created_at while not paid.'),
  amount: z.number().describe('US dollars.'),
  billing_type: z.enum(BILLING_TYPES),
  status: z.enum(PAYMENT_STATUSES),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** GET /billing/payments: newest first. */
export const paymentsPageSchema = z.object({
  payments: z.array(paymentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  posting_credits: z.number().int(),
});
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

/** GET /billing/dashboard */
export const billingDashboardSchema = z.object({
  posting_credits: z.number().int(),
  active_subscriptions: z.number().int(),
  monthly_total: z.number().describe('US dollars per month across active subscriptions.'),
  paid_last_30_days: z.number().describe('US dollars paid in the last 30 days.'),
});
export type BillingDashboard = z.infer<typeof billingDashboardSchema>;

/** POST /billing/sandbox/sessions/{session_id}/pay: paid; the client returns to `return_url`. */
export const sandboxPaymentSchema = z.object({
  session_id: z.string(),
  status: z.literal('complete'),
  return_url: z.string().describe('success_url with ?session_id=, as Stripe returns after an embedded checkout.'),
});
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;
