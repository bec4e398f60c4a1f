import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { CheckoutSession, CheckoutSessionBody } from '@domain/billing/billing-views';

import { billingKeys } from './keys';

/** Where the checkout returns to: the success route, or the posting when the payer gives up. */
export function checkoutReturnUrls(postingId: string, origin = window.location.origin): Omit<CheckoutSessionBody, 'job_posting_id'> {
  return { success_url: `${origin}/payment/success`, cancel_url: `${origin}/jobs/${postingId}` };
}

/**
 * POST /billing/create-checkout-session: a checkout for the posting's monthly fee. 409 when no
 * payment is needed; 403 with a detail when the member may not pay (a billing manager was emailed).
 */
export function createCheckoutSession(postingId: string): Promise<CheckoutSession> {
  const body: CheckoutSessionBody = { job_posting_id: postingId, ...checkoutReturnUrls(postingId) };
  return api.post<CheckoutSession>('/billing/create-checkout-session', body);
}

/**
 * One checkout session per opening of the checkout dialog (`attempt` counts them): made once,
 * never refetched or retried on its own, and dropped when the dialog closes.
 */
export function useCheckoutSession(postingId: string, attempt: number, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.checkout(postingId, attempt),
    queryFn: () => createCheckoutSession(postingId),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
