import type { PaymentsQuery } from '@domain/billing/billing-views';

/** Query keys of billing; a payment invalidates `all` (history, payments, dashboard, subscriptions). */
export const billingKeys = {
  all: ['billing'] as const,
  config: () => ['billing', 'config'] as const,
  /** Outside `all`: a checkout session is made once per opening and never refetched by an invalidation. */
  checkout: (postingId: string, attempt: number) => ['billing-checkout', postingId, attempt] as const,
  subscription: (postingId: string) => ['billing', 'subscription', postingId] as const,
  payments: (query: PaymentsQuery) => ['billing', 'payments', query] as const,
  dashboard: () => ['billing', 'dashboard'] as const,
};
