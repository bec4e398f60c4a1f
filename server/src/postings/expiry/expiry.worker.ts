import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, Config } from '../../config/config';
import { postingDecider, postingStream } from '../../domain/postings';
import { CommandBus } from '../../platform/command-bus';
import { Queues } from '../../queues/queues';
import { EXPIRE_POSTING_JOB } from './expiry.reactor';

/**
 * Runs the expiry jobs the reactor schedules (in `all` and `worker` mode): each asks its posting
 * to expire; a job that fires early (clock skew) is scheduled again.
 */
@Injectable()
export class ExpiryWorker implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly queues: Queues,
    private readonly commands: CommandBus,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUN_MODE === 'api') return;
    this.queues.startWorker('postings', async (job) => {
      if (job.name !== EXPIRE_POSTING_JOB) return;
      await this.expire((job.data as { posting_id: string }).posting_id);
    });
  }

  private async expire(postingId: string): Promise<void> {
    const state = await this.commands.load(postingStream(postingId), postingDecider);
    const due = state.status === 'active' && !state.expiry_recorded ? new Date(state.auto_expire_date).getTime() : null;
    if (due !== null && due > Date.now()) {
      await this.queues.enqueue({
        queue: 'postings',
        name: EXPIRE_POSTING_JOB,
        data: { posting_id: postingId },
        jobId: `expire-${postingId}-${due}`,
        delay: due - Date.now(),
      });
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
