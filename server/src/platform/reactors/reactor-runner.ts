import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EventStore } from '../../eventstore/event-store.port';
import type { Queues } from '../../queues/queues';
import { readCheckpoint, writeCheckpoint } from '../read-models/checkpoints';
import { subscribedTo } from '../subscriptions';
import type { Reactor } from './reactor';

const BATCH = 200;

/**
 * Follows the log for each reactor with its own checkpoint and enqueues the jobs it asks for.
 * The checkpoint moves only after the jobs are in Redis: if Redis is down the batch fails, the
 * checkpoint stays, and the same events are turned into jobs when Redis returns. Job ids derive
 * from event ids, so a retried or replayed batch enqueues nothing twice.
 */
export class ReactorRunner {
  private readonly logger = new Logger('Reactors');
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private failures = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly queues: Queues,
    private readonly reactors: Reactor[],
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  kick(): void {
    this.wake?.();
  }

  /** Processes every reactor to the end of the log once; throws when Redis refuses. */
  async catchUp(): Promise<void> {
    for (const reactor of this.reactors) {
      while ((await this.runBatch(reactor)) === BATCH);
    }
  }

  private async follow(): Promise<void> {
    while (this.running) {
      try {
        await this.catchUp();
        if (this.failures > 0) this.logger.log('Reactors caught up again');
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        if (this.failures === 1) this.logger.warn(`Reactors paused: ${(error as Error).message}; will retry`);
        await this.pause(Math.min(250 * this.failures, 2000));
        continue;
      }
      await this.pause(1000, true);
    }
  }

  private pause(ms: number, orNewEvent = false): Promise<void> {
    const waits: Promise<void>[] = [new Promise<void>((resolve) => (this.wake = resolve))];
    waits.push(orNewEvent ? this.events.waitForNew(ms) : new Promise<void>((resolve) => setTimeout(resolve, ms)));
    return Promise.race(waits).finally(() => (this.wake = null));
  }

  private async runBatch(reactor: Reactor): Promise<number> {
    const after = await readCheckpoint(this.dataSource, `reactor:${reactor.name}`);
    const batch = await this.events.readAll({ after, limit: BATCH });
    if (batch.length === 0) return 0;
    for (const event of batch) {
      const subscription = subscribedTo(reactor.follows, event);
      if (!subscription) continue;
      for (const job of await subscription.handle(event)) await this.queues.enqueue(job);
    }
    await writeCheckpoint(this.dataSource, `reactor:${reactor.name}`, batch[batch.length - 1].position);
    return batch.length;
  }
}
