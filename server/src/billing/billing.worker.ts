import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config/config';
import { isLive } from '../domain/billing';
import { defaultExpiry } from '../domain/postings';
import { Queues } from '../queues/queues';
import { BILLING_JOBS, type CancelSubscriptionJob, type RenewSubscriptionJob } from './billing.reactor';
import { SubscriptionCommands } from './commands/subscription-commands';

export type RenewalResult = 'renewed' | 'failed' | 'canceled' | 'early' | 'stale';

/**
 * Runs billing's jobs (in `all` and `worker` mode): cancellations after a withdrawal or expiry,
 * and the sandbox's monthly renewals. Stripe renews its own subscriptions and tells us by webhook.
 */
@Injectable()
export class BillingWorker implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly db: DataSource,
    private readonly queues: Queues,
    private readonly subscriptions: SubscriptionCommands,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUN_MODE === 'api') return;
    this.queues.startWorker('billing', async (job) => {
      if (job.name === BILLING_JOBS.cancel) {
        const data = job.data as CancelSubscriptionJob;
        await this.subscriptions.cancel(data.posting_id, data.reason, data.requested_at);
      }
      if (job.name === BILLING_JOBS.renew) await this.renew(job.data as RenewSubscriptionJob, new Date());
    });
  }

  /**
   * The sandbox's renewal due at `job.period_end`, run at `now` (tests choose it). A job for a
   * period that already moved on, or for a subscription that stopped, does nothing; an early one
   * is scheduled again. A subscription still past due when its unpaid period ends is canceled and
   * its posting taken down.
   * The card the session paid with decides the outcome: 4000 0000 0000 0341 fails.
   */
  async renew(job: RenewSubscriptionJob, now: Date): Promise<RenewalResult> {
    const state = await this.subscriptions.load(job.posting_id);
    if (!isLive(state) || state.provider !== 'sandbox' || state.period_end !== job.period_end) return 'stale';
    const due = Date.parse(state.period_end);
    if (due > now.getTime()) {
      await this.queues.enqueue({
        queue: 'billing',
        name: BILLING_JOBS.renew,
        data: job,
        jobId: `renew-${job.posting_id}-${due}`,
        delay: due - now.getTime(),
      });
      return 'early';
    }
    if (state.status === 'past_due') {
      await this.subscriptions.endUnpaid(job.posting_id, 'payment_failed', now);
      return 'canceled';
    }
    const fails = await this.cardFailsAtRenewal(state.provider_ref);
    await this.subscriptions.recordRenewal(
      job.posting_id,
      {
        source_ref: `renewal-${state.period_end}`,
        amount_cents: state.monthly_rate_cents,
        outcome: fails ? 'failed' : 'paid',
        reason: fails ? 'Your card was declined.' : undefined,
        period_start: state.period_end,
        period_end: defaultExpiry(new Date(state.period_end)),
      },
      now,
    );
    return fails ? 'failed' : 'renewed';
  }

  private async cardFailsAtRenewal(sessionId: string | null): Promise<boolean> {
    const [row]: { card_outcome: string | null }[] = await this.db.query('SELECT card_outcome FROM checkout_sessions WHERE id = $1', [
      sessionId,
    ]);
    return row?.card_outcome === 'fails_at_renewal';
  }
}
