/** Billing's words, labels, test cards and messages: one source for server, emails and client. */

export const BILLING_TYPES = ['initial', 'monthly', 'prorated_cancellation', 'credit'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

export const PAYMENT_STATUSES = ['paid', 'pending', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox', 'credit'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const BILLING_MODES = ['stripe', 'sandbox'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** Payment History's filter (part 2 section 4); the default is 'all'. */
export const PAYMENT_FILTERS = ['active', 'expired', 'all'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

const BILLING_TYPE_LABELS: Record<BillingType, string> = {
  initial: 'Initial',
  monthly: 'Monthly',
  prorated_cancellation: 'Final',
  credit: 'Credit',
};

/** The spec's labels; anything else is shown raw. */
export function billingTypeLabel(type: string): string {
  return (BILLING_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** Default monthly fee for a live posting, in dollars (POSTING_MONTHLY_RATE overrides it). */
export const DEFAULT_POSTING_MONTHLY_RATE = 199;

export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
export const centsToDollars = (cents: number) => cents / 100;

/** The sandbox's cards behave like Stripe's test cards of the same numbers. */
export const SANDBOX_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  failsAtRenewal: '4000000000000341',
} as const;

export const SANDBOX_CARD_HINTS = [
  { number: '4242 4242 4242 4242', outcome: 'pays' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 0341', outcome: 'pays now, fails at the first renewal' },
] as const;

export const BILLING_MESSAGES = {
  cardDeclined: 'Your card was declined.',
  cardNumberInvalid: 'Enter a 16-digit card number.',
  cardExpired: 'This card has expired.',
  cvcInvalid: 'Enter the 3 or 4 digit security code.',
  needsBillingManager:
    "Only a billing manager can pay for this posting. We've emailed your facility's billing managers to complete the payment.",
  noBillingPermission: "You don't have permission to manage billing for this facility.",
  noPaymentNeeded: 'This job posting does not need a payment.',
  sessionNotFound: 'Checkout session not found.',
  sessionNotPaid: 'The payment for this checkout has not gone through yet.',
  sessionAlreadyPaid: 'This checkout has already been paid.',
  sandboxOff: 'The payment sandbox is off: this server takes payments through Stripe.',
  subscriptionNotFound: 'No billing history available',
  returnUrlOutside: 'Return addresses must be on this site.',
  badSignature: 'The webhook signature does not match.',
} as const;

export type SandboxCardOutcome = 'pays' | 'declined' | 'fails_at_renewal';

/** What the sandbox does with a card number (digits only): Stripe's test cards; any other is declined. */
export function sandboxCardOutcome(cardNumber: string): SandboxCardOutcome {
  if (cardNumber === SANDBOX_CARDS.pays) return 'pays';
  if (cardNumber === SANDBOX_CARDS.failsAtRenewal) return 'fails_at_renewal';
  return 'declined';
}

/** A card is good through the last day of its expiry month (UTC). */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  return now.getTime() >= Date.UTC(expYear, expMonth, 1);
}
