import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, useState } from 'react';

/**
 * Stripe's embedded checkout. This module (and Stripe's script) loads only when the checkout
 * dialog opens in Stripe mode. After paying, Stripe sends the browser to /payment/success.
 */
export default function StripeCheckout({
  publishableKey,
  fetchClientSecret,
}: {
  publishableKey: string;
  fetchClientSecret: () => Promise<string>;
}) {
  const [stripe] = useState(() => loadStripe(publishableKey));
  const options = useMemo(() => ({ fetchClientSecret }), [fetchClientSecret]);
  return (
    <div data-testid="stripe-embedded-checkout">
      <EmbeddedCheckoutProvider stripe={stripe} options={options}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
