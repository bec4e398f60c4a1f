import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { BILLING_MESSAGES as M } from '../../domain/billing';
import { InvalidRequest, NotFoundError } from '../../domain/shared/errors';
import { sessionState, StripeGateway } from '../stripe-gateway';
import { SubscriptionCommands, SYSTEM } from './subscription-commands';

const seconds = (unix: number) => new Date(unix * 1000).toISOString();

/**
 * Stripe's webhook: a verified event is applied once. Its effects are idempotent by themselves
 * (the checkout session id, the invoice id as source_ref), and its id is recorded after them,
 * so a crash in between only applies it again harmlessly. An invoice that arrives before the
 * checkout that started its subscription is refused (409): Stripe retries it later, after the
 * checkout was recorded, so no payment is lost.
 */
@Injectable()
export class WebhookCommands {
  constructor(
    private readonly db: DataSource,
    private readonly stripe: StripeGateway,
    private readonly subscriptions: SubscriptionCommands,
  ) {}

  async receive(payload: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    if (!this.stripe.enabled) throw new NotFoundError('Not Found');
    const event = payload ? this.stripe.verifyWebhook(payload, signature) : null;
    if (!event) throw new InvalidRequest(M.badSignature);
    const [seen] = await this.db.query('SELECT 1 FROM stripe_webhook_events WHERE id = $1', [event.id]);
    if (seen) return { received: true };
    await this.apply(event);
    await this.db.query('INSERT INTO stripe_webhook_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [event.id, event.type]);
    return { received: true };
  }

  private async apply(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(event.data.object);
      case 'invoice.paid':
        return this.invoice(event.data.object, 'paid');
      case 'invoice.payment_failed':
        return this.invoice(event.data.object, 'failed');
      case 'customer.subscription.deleted':
        return this.subscriptionDeleted(event.data.object);
      default:
        return;
    }
  }

  private async checkoutCompleted(session: Stripe.Checkout.Session): Promise<void> {
    const state = sessionState(session);
    if (!state.paid) return;
    const [row]: { posting_id: string; facility_id: string; monthly_rate_cents: number }[] = await this.db.query(
      'SELECT posting_id, facility_id, monthly_rate_cents FROM checkout_sessions WHERE id = $1',
      [session.id],
    );
    // A session this server did not create (another deployment sharing the account): not ours.
    if (!row) return;
    await this.subscriptions.startPaid(
      { id: session.id, provider: 'stripe', ...row, provider_ref: state.subscription_id ?? session.id },
      SYSTEM,
    );
  }

  /** Monthly invoices; the first one (subscription_create) is the initial payment the checkout recorded. */
  private async invoice(invoice: Stripe.Invoice, outcome: 'paid' | 'failed'): Promise<void> {
    if (invoice.billing_reason === 'subscription_create') return;
    const postingId = invoice.parent?.subscription_details?.metadata?.posting_id;
    if (!postingId) return;
    const period = invoice.lines?.data?.[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
    await this.subscriptions.recordRenewal(
      postingId,
      {
        source_ref: outcome === 'paid' ? invoice.id : `${invoice.id}-attempt-${invoice.attempt_count}`,
        amount_cents: outcome === 'paid' ? invoice.amount_paid : invoice.amount_due,
        outcome,
        reason: outcome === 'failed' ? 'The card was declined.' : undefined,
        period_start: seconds(period.start),
        period_end: seconds(period.end),
      },
      new Date(),
    );
  }

  private async subscriptionDeleted(subscription: Stripe.Subscription): Promise<void> {
    const postingId = subscription.metadata?.posting_id;
    if (!postingId) return;
    // Ours to cancel first on a withdrawal or an expiry (then this changes nothing); otherwise Stripe
    // gave up on the payments, and the posting is taken down.
    await this.subscriptions.endUnpaid(postingId, 'provider');
  }
}
