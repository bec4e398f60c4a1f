import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, Config } from '../../config/config';
import { postingDecider, postingStream } from '../../domain/postings';
import { CommandBus } from '../../platform/command-bus';
import { Queues } from '../../queues/queues';
import { OpeningsJobs } from '../openings/openings.jobs';
import { pendingExpiries } from '../queries/expiry-schedule';
import { EXPIRE_POSTING_JOB } from './expiry.reactor';

/** One job per posting and period end: scheduling the same expiry again adds nothing. */
export const expiryJobId = (postingId: string, due: number) => `expire-${postingId}-${due}`;

/**
 * Runs the expiry jobs the reactor schedules (in `all` and `worker` mode): each asks its posting
 * to expire; a job that fires early (clock skew) is scheduled again. At start it also schedules
 * every pending expiry from the read models, because the jobs live only in Redis: if Redis lost
 * its data, nothing else would ever expire those postings.
 */
@Injectable()
export class ExpiryWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('PostingExpiry');

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly queues: Queues,
    private readonly commands: CommandBus,
    private readonly db: DataSource,
    private readonly openings: OpeningsJobs,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUN_MODE === 'api') return;
    // One worker per queue: the postings queue also carries the openings jobs.
    this.queues.startWorker('postings', async (job) => {
      if (await this.openings.run(job)) return;
      if (job.name !== EXPIRE_POSTING_JOB) return;
      await this.expire((job.data as { posting_id: string }).posting_id);
    });
    // Start-up does not wait for Redis: a failure is logged and the next start tries again.
    this.reconcile().catch((error: unknown) => this.logger.warn(`Could not schedule pending expiries: ${(error as Error).message}`));
  }

  /**
   * Schedules the expiry of every posting whose period end is not recorded yet; an overdue one
   * runs at once. Job ids derive from the posting and its period end, so running this on every
   * start (and on every worker instance) schedules each expiry once. Answers how many it saw.
   */
  async reconcile(): Promise<number> {
    const pending = await pendingExpiries(this.db);
    for (const { posting_id, auto_expire_date } of pending) await this.schedule(posting_id, new Date(auto_expire_date).getTime());
    return pending.length;
  }

  private schedule(postingId: string, due: number): Promise<void> {
    return this.queues.enqueue({
      queue: 'postings',
      name: EXPIRE_POSTING_JOB,
      data: { posting_id: postingId },
      jobId: expiryJobId(postingId, due),
      delay: due - Date.now(),
    });
  }

  private async expire(postingId: string): Promise<void> {
    const state = await this.commands.load(postingStream(postingId), postingDecider);
    const live = state.status === 'active' || state.status === 'filled';
    const due = live && !state.expiry_recorded ? new Date(state.auto_expire_date).getTime() : null;
    if (due !== null && due > Date.now()) {
      await this.schedule(postingId, due);
      return;
    }
    await this.commands.handle(
      postingStream(postingId),
      postingDecider,
      { type: 'ExpirePosting', data: { now: new Date() } },
      { actor: { user_id: null, side: 'system', name: 'Tenens' } },
    );
  }
}
