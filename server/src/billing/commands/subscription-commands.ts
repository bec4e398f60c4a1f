import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CONFIG, type Config } from '../../config/config';
import {
  dollarsToCents,
  isLive,
  subscriptionDecider,
  subscriptionStream,
  type PaymentProvider,
  type SubscriptionCommand,
  type SubscriptionState,
} from '../../domain/billing';
import { defaultExpiry, postingDecider, postingStream } from '../../domain/postings';
import { ConflictError } from '../../domain/shared/errors';
import type { EventMetadata } from '../../eventstore/event-store.port';
import { CommandBus } from '../../platform/command-bus';
import { StripeGateway } from '../stripe-gateway';

export const SYSTEM: EventMetadata = { actor: { user_id: null, side: 'system', name: 'Tenens' } };

/** A checkout that was paid: the session, its posting and facility, and what it charged. */
export interface PaidCheckout {
  id: string;
  provider: Exclude<PaymentProvider, 'credit'>;
  posting_id: string;
  facility_id: string;
  monthly_rate_cents: number;
  /** The provider's subscription: Stripe's `sub_...`; the sandbox session itself. */
  provider_ref: string;
}

/**
 * Writes to the subscription streams (subscriptionDecider through the CommandBus, so a concurrent
 * append is retried against the fresh stream, where the decider finds what is already recorded):
 * starting a paid or credit period, renewals, cancellations.
 */
@Injectable()
export class SubscriptionCommands {
  constructor(
    private readonly commands: CommandBus,
    private readonly stripe: StripeGateway,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  get monthlyRateCents(): number {
    return dollarsToCents(this.config.POSTING_MONTHLY_RATE);
  }

  load(postingId: string): Promise<SubscriptionState> {
    return this.commands.load(subscriptionStream(postingId), subscriptionDecider);
  }

  /**
   * A posting published with a credit: a 'credit' period (no cash value, so 0) from its publish to
   * its expiry, so its billing history shows it. No renewal: the posting's expiry ends it.
   */
  async startWithCredit(
    posting: { posting_id: string; facility_id: string; published_at: string; auto_expire_date: string },
    metadata: EventMetadata,
  ) {
    await this.run(
      posting.posting_id,
      {
        type: 'StartSubscription',
        data: {
          now: new Date(posting.published_at),
          posting_id: posting.posting_id,
          facility_id: posting.facility_id,
          provider: 'credit',
          provider_ref: null,
          checkout_session_id: null,
          monthly_rate_cents: this.monthlyRateCents,
          period_end: posting.auto_expire_date,
          payment: { payment_id: randomUUID(), billing_type: 'credit', amount_cents: 0, source_ref: `credit-${posting.published_at}` },
        },
      },
      metadata,
    );
  }

  /**
   * A paid checkout starts a monthly subscription (period: one month from now), records the
   * initial payment and activates the posting. Idempotent: the session id is on SubscriptionStarted,
   * so a second confirm or the webhook for the same session appends nothing; the posting's
   * activation is skipped once it no longer awaits payment.
   */
  async startPaid(checkout: PaidCheckout, metadata: EventMetadata): Promise<void> {
    const now = new Date();
    await this.run(
      checkout.posting_id,
      {
        type: 'StartSubscription',
        data: {
          now,
          posting_id: checkout.posting_id,
          facility_id: checkout.facility_id,
          provider: checkout.provider,
          provider_ref: checkout.provider_ref,
          checkout_session_id: checkout.id,
          monthly_rate_cents: checkout.monthly_rate_cents,
          period_end: defaultExpiry(now),
          payment: {
            payment_id: randomUUID(),
            billing_type: 'initial',
            amount_cents: checkout.monthly_rate_cents,
            source_ref: checkout.id,
          },
        },
      },
      metadata,
    );
    await this.activatePosting(checkout.posting_id, metadata);
  }

  private async activatePosting(postingId: string, metadata: EventMetadata): Promise<void> {
    const posting = await this.commands.load(postingStream(postingId), postingDecider);
    if (posting.status === 'none' || posting.payment_pending === null) return;
    try {
      const userId = metadata.actor?.user_id ?? null;
      await this.commands.handle(
        postingStream(postingId),
        postingDecider,
        { type: 'ConfirmPayment', data: { user_id: userId, now: new Date() } },
        metadata,
      );
    } catch (error) {
      // A concurrent confirm of the same payment activated it first.
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  /**
   * Billing stops at once with a 'Final' record of 0 (no refunds), for a withdrawal or an expiry at
   * `requestedAt`; a Stripe subscription is canceled there too, first, so it bills no more.
   */
  async cancel(
    postingId: string,
    reason: 'withdrawn' | 'expired' | 'provider' | 'payment_failed',
    requestedAt: string,
    now = new Date(),
  ): Promise<boolean> {
    const state = await this.load(postingId);
    if (!isLive(state) || Date.parse(state.started_at) > Date.parse(requestedAt)) return false;
    if (state.provider === 'stripe' && state.provider_ref && reason !== 'provider')
      await this.stripe.cancelSubscription(state.provider_ref);
    await this.run(
      postingId,
      { type: 'CancelSubscription', data: { now, reason, requested_at: requestedAt, payment_id: randomUUID() } },
      SYSTEM,
    );
    return true;
  }

  /**
   * Billing stopped for want of payment (the sandbox's renewal still unpaid when its month ended,
   * or Stripe gave up on its retries): the subscription ends and the posting is taken down, as
   * withdrawn by the system; the facility may reactivate it with a credit or a new payment.
   */
  async endUnpaid(postingId: string, reason: 'provider' | 'payment_failed', now = new Date()): Promise<void> {
    if (!(await this.cancel(postingId, reason, now.toISOString(), now))) return;
    await this.commands.handle(postingStream(postingId), postingDecider, { type: 'WithdrawUnpaidPosting', data: { now } }, SYSTEM);
  }

  /** A renewal or invoice, paid or failed; refused (409) before the subscription started. */
  async recordRenewal(
    postingId: string,
    renewal: {
      source_ref: string;
      amount_cents: number;
      outcome: 'paid' | 'failed';
      reason?: string;
      period_start: string;
      period_end: string;
    },
    now: Date,
  ): Promise<void> {
    await this.run(postingId, { type: 'RecordRenewal', data: { ...renewal, now, payment_id: randomUUID() } }, SYSTEM);
  }

  private async run(postingId: string, command: SubscriptionCommand, metadata: EventMetadata): Promise<void> {
    await this.commands.handle(subscriptionStream(postingId), subscriptionDecider, command, metadata);
  }
}
