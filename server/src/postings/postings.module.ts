import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, Config } from '../config/config';
import { postingDecider, postingStream } from '../domain/postings';
import { CommandBus } from '../platform/command-bus';
import { Queues } from '../queues/queues';
import { EXPIRE_POSTING_JOB } from './expiry.reactor';
import { PostingsController } from './postings.controller';
import { SearchFiltersController } from './search-filters.controller';

/** Job postings: the event-sourced lifecycle, search, and the expiry job. */
@Module({ controllers: [PostingsController, SearchFiltersController] })
export class PostingsModule implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly queues: Queues,
    private readonly commands: CommandBus,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUN_MODE === 'api') return;
    this.queues.startWorker('postings', async (job) => {
      if (job.name !== EXPIRE_POSTING_JOB) return;
      const { posting_id } = job.data as { posting_id: string };
      await this.commands.handle(postingStream(posting_id), postingDecider, { type: 'ExpirePosting', data: { now: new Date() } }, {
        actor: { user_id: null, side: 'system', name: 'Tenens' },
      });
    });
  }
}
