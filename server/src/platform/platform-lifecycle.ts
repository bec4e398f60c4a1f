import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Config, CONFIG } from '../config/config';
import { EVENT_STORE, EventStore } from '../eventstore';
import { MailComposers } from '../mail/mail-composers';
import { Mailer } from '../mail/mailer';
import { ProjectionRunner } from './read-models/projection-runner';
import { Queues } from '../queues/queues';
import { ReactorRunner } from './reactors/reactor-runner';
import { PG_LISTENER, PUBLISHER_REDIS } from './tokens';
import type { PgListener } from '../database/pg-listener';
import { processMailJob } from '../mail/mail-worker';
import { closeRedis } from '../redis/redis';

/**
 * Starts the background work this instance runs (RUN_MODE): projections, reactors and the
 * BullMQ workers run in `all` and `worker` mode; `api` serves HTTP and sockets only.
 */
@Injectable()
export class PlatformLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Platform');

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly reactors: ReactorRunner,
    private readonly queues: Queues,
    private readonly mailer: Mailer,
    private readonly composers: MailComposers,
    @Inject(PUBLISHER_REDIS) private readonly publisherRedis: Redis,
    @Inject(PG_LISTENER) private readonly listener: PgListener,
  ) {}

  get runsBackgroundWork(): boolean {
    return this.config.RUN_MODE !== 'api';
  }

  onApplicationBootstrap(): void {
    if (!this.runsBackgroundWork) return;
    this.projections.start();
    this.reactors.start();
    this.queues.startWorker('mail', (job) => processMailJob(job, this.composers, this.mailer));
    if (this.mailer.usesDevMailbox) {
      this.logger.log('SMTP_URL is not set: emails go to the development mailbox (GET /api/dev/mailbox)');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.projections.stop();
    await this.reactors.stop();
    await this.queues.close();
    this.mailer.close();
    await closeRedis(this.publisherRedis);
    await this.events.close();
    await this.listener.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
