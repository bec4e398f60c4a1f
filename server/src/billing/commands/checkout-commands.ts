import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Actors } from '../../auth/actors';
import { displayName, hasFacilityPermission, type SessionUser } from '../../auth/session-user';
import { CONFIG, type Config } from '../../config/config';
import {
  BILLING_MESSAGES as M,
  checkoutSessionBodySchema,
  isCardExpired,
  sandboxPaymentBodySchema,
  sandboxCardOutcome,
  type CheckoutSession,
  type CheckoutSessionBody,
  type ConfirmedSubscription,
  type SandboxPayment,
  type SandboxPaymentBody,
} from '../../domain/billing';
import { POSTING_MESSAGES, postingDecider, postingStream } from '../../domain/postings';
import { ConflictError, ForbiddenError, InvalidRequest, NotFoundError, PaymentDeclined } from '../../domain/shared/errors';
import type { EventMetadata } from '../../eventstore/event-store.port';
import { parseOrThrow } from '../../http/validation';
import { CommandBus } from '../../platform/command-bus';
import { Queues } from '../../queues/queues';
import { BILLING_EMAILS, type BillingManagerNeededJob } from '../billing-email-jobs';
import { BillingQueries } from '../queries/billing-queries';
import { StripeGateway } from '../stripe-gateway';
import { SubscriptionCommands } from './subscription-commands';

interface SessionRow {
  id: string;
  provider: 'stripe' | 'sandbox';
  posting_id: string;
  facility_id: string;
  success_url: string;
  monthly_rate_cents: number;
  status: 'open' | 'complete';
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

/**
 * Paying for a posting: a checkout session (Stripe's embedded Checkout, or the built-in sandbox
 * without Stripe keys), the sandbox's card form, and confirming a paid session, which starts the
 * subscription and activates the posting (SubscriptionCommands).
 */
@Injectable()
export class CheckoutCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly actors: Actors,
    private readonly stripe: StripeGateway,
    private readonly subscriptions: SubscriptionCommands,
    private readonly queries: BillingQueries,
    private readonly queues: Queues,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async createSession(user: SessionUser, input: unknown): Promise<CheckoutSession> {
    const facilityId = this.facilityOf(user);
    const body: CheckoutSessionBody = parseOrThrow(checkoutSessionBodySchema, input ?? {});
    for (const url of [body.success_url, body.cancel_url]) this.assertOwnSite(url);
    const posting = await this.commands.load(postingStream(body.job_posting_id), postingDecider);
    if (posting.status === 'none' || posting.facility_id !== facilityId) throw new NotFoundError(POSTING_MESSAGES.notFound);
    if (!hasFacilityPermission(user.membership, 'can_manage_billing')) {
      await this.askBillingManagers(user, posting.posting_id, facilityId, posting.payment_pending !== null);
      this.actors.billingManager(user);
    }
    if (posting.payment_pending === null) throw new ConflictError(M.noPaymentNeeded);
    const rate = this.subscriptions.monthlyRateCents;
    const session = this.stripe.enabled
      ? await this.stripe.createCheckoutSession({
          customer: await this.stripeCustomer(facilityId),
          posting_id: posting.posting_id,
          facility_id: facilityId,
          posting_title: posting.fields.title,
          monthly_rate_cents: rate,
          success_url: body.success_url,
        })
      : sandboxSession();
    await this.db.query(
      `INSERT INTO checkout_sessions (id, provider, posting_id, facility_id, success_url, monthly_rate_cents) VALUES ($1, $2, $3, $4, $5, $6)`,
      [session.id, this.stripe.enabled ? 'stripe' : 'sandbox', posting.posting_id, facilityId, body.success_url, rate],
    );
    return { session_id: session.id, client_secret: session.client_secret };
  }

  /** The sandbox's card form: Stripe's test cards pay, fail at renewal or are declined (402). */
  async paySandbox(user: SessionUser, sessionId: string, input: unknown): Promise<SandboxPayment> {
    if (this.stripe.enabled) throw new ConflictError(M.sandboxOff);
    const session = await this.session(sessionId, this.actors.billingManager(user).facility_id);
    const card: SandboxPaymentBody = parseOrThrow(sandboxPaymentBodySchema, input ?? {});
    if (session.status === 'complete') throw new ConflictError(M.sessionAlreadyPaid);
    if (isCardExpired(card.exp_month, card.exp_year, new Date())) throw new InvalidRequest(M.cardExpired);
    const outcome = sandboxCardOutcome(card.card_number);
    if (outcome === 'declined') throw new PaymentDeclined(M.cardDeclined);
    const updated: [unknown[], number] = await this.db.query(
      `UPDATE checkout_sessions SET status = 'complete', card_outcome = $2, card_last4 = $3, paid_at = now() WHERE id = $1 AND status = 'open'`,
      [session.id, outcome, card.card_number.slice(-4)],
    );
    if (updated[1] === 0) throw new ConflictError(M.sessionAlreadyPaid);
    return { session_id: session.id, status: 'complete', return_url: withSessionId(session.success_url, session.id) };
  }

  /** Starts the subscription of a paid session and activates its posting; the same answer every time. */
  async confirm(user: SessionUser, sessionId: string): Promise<ConfirmedSubscription> {
    const session = await this.session(sessionId, this.actors.billingManager(user).facility_id);
    const providerRef = await this.paidProviderRef(session);
    if (providerRef === null) throw new ConflictError(M.sessionNotPaid);
    const metadata: EventMetadata = { actor: { user_id: user.id, side: 'facility', name: displayName(user) } };
    await this.subscriptions.startPaid({ ...session, provider_ref: providerRef }, metadata);
    const subscription = await this.queries.subscriptionView(session.posting_id);
    if (!subscription) throw new NotFoundError(M.subscriptionNotFound);
    return { job_posting_id: session.posting_id, subscription };
  }

  /** Stripe's subscription id once Stripe says the session is paid; the sandbox session once paid. */
  private async paidProviderRef(session: SessionRow): Promise<string | null> {
    if (session.provider === 'sandbox') return session.status === 'complete' ? session.id : null;
    const state = await this.stripe.retrieveSession(session.id);
    return state.paid ? (state.subscription_id ?? session.id) : null;
  }

  private async session(id: string, facilityId: string): Promise<SessionRow> {
    // Stripe's and the sandbox's ids: anything else names no session (and never reaches SQL).
    if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(id)) throw new NotFoundError(M.sessionNotFound);
    const [row]: SessionRow[] = await this.db.query(
      `SELECT id, provider, posting_id, facility_id, success_url, monthly_rate_cents, status FROM checkout_sessions WHERE id = $1 AND facility_id = $2`,
      [id, facilityId],
    );
    if (!row) throw new NotFoundError(M.sessionNotFound);
    return row;
  }

  private facilityOf(user: SessionUser): string {
    if (!user.membership) throw new ForbiddenError(M.noBillingPermission);
    return user.membership.facility_id;
  }

  /** No open redirects: Stripe (or the sandbox) sends the payer back only to this site. */
  private assertOwnSite(url: string): void {
    if (new URL(url).origin !== new URL(this.config.APP_URL).origin) throw new InvalidRequest(M.returnUrlOutside);
  }

  /**
   * A member who may publish but not pay: the billing managers are asked to pay, at most once per
   * posting and day (the job id), and the member is told so (403).
   */
  private async askBillingManagers(user: SessionUser, postingId: string, facilityId: string, awaitingPayment: boolean): Promise<void> {
    if (!hasFacilityPermission(user.membership, 'can_publish_jobs')) return;
    if (!awaitingPayment) throw new ForbiddenError(M.needsBillingManager);
    const day = new Date().toISOString().slice(0, 10);
    const job: BillingManagerNeededJob = { posting_id: postingId, facility_id: facilityId, asked_by: user.id };
    await this.queues.enqueue({
      queue: 'mail',
      name: BILLING_EMAILS.managerNeeded,
      data: job,
      jobId: `billing-manager-needed-${postingId}-${day}`,
    });
    throw new ForbiddenError(M.needsBillingManager);
  }

  /** One Stripe customer per facility, created once and remembered. */
  private async stripeCustomer(facilityId: string): Promise<string> {
    const known = await this.knownCustomer(facilityId);
    if (known) return known;
    const [facility]: { name: string }[] = await this.db.query('SELECT name FROM facilities WHERE id = $1', [facilityId]);
    const id = await this.stripe.createCustomer({ id: facilityId, name: facility?.name ?? 'Facility' });
    await this.db.query(
      'INSERT INTO billing_customers (facility_id, stripe_customer_id) VALUES ($1, $2) ON CONFLICT (facility_id) DO NOTHING',
      [facilityId, id],
    );
    return (await this.knownCustomer(facilityId)) ?? id;
  }

  private async knownCustomer(facilityId: string): Promise<string | null> {
    const [row]: { stripe_customer_id: string }[] = await this.db.query(
      'SELECT stripe_customer_id FROM billing_customers WHERE facility_id = $1',
      [facilityId],
    );
    return row?.stripe_customer_id ?? null;
  }
}

/** A sandbox session shaped like Stripe's: `cs_sandbox_…` and `{id}_secret_{random}`. */
function sandboxSession(): { id: string; client_secret: string } {
  const id = `cs_sandbox_${token(24)}`;
  return { id, client_secret: `${id}_secret_${token(24)}` };
}

function withSessionId(url: string, sessionId: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}session_id=${sessionId}`;
}
