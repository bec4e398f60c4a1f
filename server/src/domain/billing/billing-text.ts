/**
 * What billing screens say (part 2 sections 2 and 8): the spec's exact messages and the fee's
 * terms, shared by the posting page, the checkout dialog, Payment History and the admin console.
 */
import { formatUsd } from '../shared/format';

export const BILLING_TEXT = {
  checkoutFailed: 'Failed to create checkout session',
  confirmFailed: 'Failed to confirm payment',
  paymentSuccessTitle: 'Payment Successful!',
  paymentErrorTitle: 'Payment Error',
  historyLoadFailed: 'Failed to load billing history',
  historyNone: 'No billing history available',
  paymentsLoading: 'Loading payment history...',
  paymentsEmpty: 'No payments found.',
  paymentsLoadFailed: 'Failed to load payment history',
  sandboxBadge: 'Sandbox — no real charge',
} as const;

/** How long the 'Payment Successful!' dialog stays open (part 2 section 9). */
export const PAYMENT_SUCCESS_CLOSE_MS = 2000;

/** '$199.00 per month' */
export function monthlyFee(rate: number): string {
  return `${formatUsd(rate)} per month`;
}

/** The charge a posting without credits takes on, as the publish confirmation states it. */
export function postingFeeTerms(rate: number): string {
  return `${monthlyFee(rate)}, billed monthly until the posting is withdrawn or expires; no refunds`;
}
