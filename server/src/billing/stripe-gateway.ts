import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { CONFIG, type Config } from '../config/config';

export interface StripeCheckoutRequest {
  customer: string;
  posting_id: string;
  facility_id: string;
  posting_title: string;
  monthly_rate_cents: number;
  success_url: string;
}

/** What confirming needs from a Checkout Session. */
export interface StripeSessionState {
  id: string;
  paid: boolean;
  subscription_id: string | null;
}

/** Stripe's `host`/`port`/`protocol` options from STRIPE_API_BASE (a local stand-in), else the SDK's default. */
function apiBase(base: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The few Stripe calls billing makes, through the `stripe` package. Stripe mode is on iff
 * STRIPE_SECRET_KEY is set; without it `client` is null and the sandbox takes payments.
 */
@Injectable()
export class StripeGateway {
  private readonly client: Stripe | null;

  constructor(@Inject(CONFIG) private readonly config: Config) {
    this.client = config.STRIPE_SECRET_KEY
      ? new Stripe(config.STRIPE_SECRET_KEY, { ...apiBase(config.STRIPE_API_BASE), maxNetworkRetries: 1, timeout: 20_000 })
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  private get stripe(): Stripe {
    if (!this.client) throw new Error('Stripe is not configured');
    return this.client;
  }

  async createCustomer(facility: { id: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { name: facility.name, metadata: { facility_id: facility.id } },
      // Stripe answers a retried create with the same customer.
      { idempotencyKey: `customer-${facility.id}` },
    );
    return customer.id;
  }

  /** An embedded Checkout Session for a monthly subscription at the posting's rate. */
  async createCheckoutSession(request: StripeCheckoutRequest): Promise<{ id: string; client_secret: string }> {
    const metadata = { posting_id: request.posting_id, facility_id: request.facility_id };
    const session = await this.stripe.checkout.sessions.create({
      ui_mode: 'embedded_page',
      mode: 'subscription',
      customer: request.customer,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: request.monthly_rate_cents,
            recurring: { interval: 'month' },
            product_data: { name: `Job posting: ${request.posting_title}` },
          },
        },
      ],
      return_url: `${request.success_url}${request.success_url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
      metadata,
      subscription_data: { metadata },
    });
    if (!session.client_secret) throw new Error(`Stripe answered checkout session ${session.id} without a client secret`);
    return { id: session.id, client_secret: session.client_secret };
  }

  async retrieveSession(id: string): Promise<StripeSessionState> {
    const session = await this.stripe.checkout.sessions.retrieve(id);
    return sessionState(session);
  }

  async cancelSubscription(id: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(id);
    } catch (error) {
      // Already canceled (e.g. by Stripe after failed payments): nothing left to stop.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
      throw error;
    }
  }

  /** The verified event, or null when the signature does not match STRIPE_WEBHOOK_SECRET. */
  verifyWebhook(payload: Buffer, signature: string | undefined): Stripe.Event | null {
    if (!signature || !this.config.STRIPE_WEBHOOK_SECRET) return null;
    try {
      return this.stripe.webhooks.constructEvent(payload, signature, this.config.STRIPE_WEBHOOK_SECRET);
    } catch {
      return null;
    }
  }
}

export function sessionState(session: Stripe.Checkout.Session): StripeSessionState {
  const subscription = session.subscription;
  return {
    id: session.id,
    paid: session.status === 'complete' && session.payment_status === 'paid',
    subscription_id: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
  };
}
