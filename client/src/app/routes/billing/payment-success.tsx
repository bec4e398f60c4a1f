import { PaymentSuccess } from '@/features/billing/components/payment-success';

/** /payment/success?session_id=...: where Stripe's checkout returns after paying. */
export function PaymentSuccessRoute() {
  return <PaymentSuccess />;
}
