import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { comparePositions, START, type EventStore, type Position, type RecordedEvent } from '../../eventstore/event-store.port';
import type { JobRequest, Queues } from '../../queues/queues';
import { FollowerPace, furthestBehind, passesToEnd, STARTUP_WATCH_MS } from '../follower-pace';
import { readCheckpoints, writeCheckpoints } from '../read-models/checkpoints';
import { subscribedTo } from '../subscriptions';
import type { Reactor } from './reactor';

const BATCH = 200;

/**
 * Follows the log for each reactor with its own checkpoint and enqueues the jobs it asks for.
 * The checkpoint moves only after the jobs are in Redis: if Redis is down the batch fails, the
 * checkpoint stays, and the same events are turned into jobs when Redis returns. Job ids derive
 * from event ids, so a retried or replayed batch enqueues nothing twice. Like the projection
 * runner, it wakes on the event store's notifications and issues no SQL while idle (see
 * FollowerPace).
 */
export class ReactorRunner {
  private readonly logger = new Logger('Reactors');
  private running = false;
  private loop: Promise<void> | null = null;
  private pace = new FollowerPace();
  private stopFollowing: (() => void) | null = null;
  /** Where each reactor's checkpoint stands after this instance's last look. */
  private readonly reached = new Map<string, Position>();
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
    this.pace = new FollowerPace(STARTUP_WATCH_MS);
    this.stopFollowing = this.events.onNew((position) => this.kick(position ?? undefined));
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.pace.stop();
    await this.loop;
    this.stopFollowing?.();
    this.stopFollowing = null;
  }

  /** Asks the loop to look now, and to keep looking until it has read `position`. */
  kick(position?: Position): void {
    this.pace.kick(position);
  }

  /** Processes every reactor to the end of the log once; throws when Redis refuses. */
  async catchUp(): Promise<void> {
    await passesToEnd(() => this.pass());
  }

  /** One read of the log for all reactors (see passesToEnd), their jobs, then their checkpoints. */
  private async pass(): Promise<{ after: Position; cut: boolean }> {
    const checkpoints = await readCheckpoints(this.dataSource, this.reactors.map(checkpointName));
    const positions = this.reactors.map((reactor) => checkpoints.get(checkpointName(reactor)) ?? START);
    const after = furthestBehind(positions);
    const events = this.reactors.length === 0 ? [] : await this.events.readAll({ after, limit: BATCH });
    // One round trip for the jobs of every reactor, then one for their checkpoints.
    const moves: { reactor: Reactor; name: string; position: Position }[] = [];
    const jobs = [];
    for (const reactor of this.reactors) {
      const from = checkpoints.get(checkpointName(reactor)) ?? START;
      const mine = events.filter((event) => comparePositions(event.position, from) > 0);
      if (mine.length === 0) this.reached.set(reactor.name, from);
      else {
        jobs.push(...(await this.jobsFor(reactor, mine)));
        moves.push({ reactor, name: checkpointName(reactor), position: mine[mine.length - 1].position });
      }
    }
    await this.queues.enqueueAll(jobs);
    await writeCheckpoints(this.dataSource, moves);
    for (const move of moves) this.reached.set(move.reactor.name, move.position);
    return { after, cut: events.length === BATCH };
  }

  private async follow(): Promise<void> {
    while (this.running) {
      this.pace.starting();
      try {
        await this.catchUp();
        if (this.failures > 0) this.logger.log('Reactors caught up again');
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        if (this.failures === 1) this.logger.warn(`Reactors paused: ${(error as Error).message}; will retry`);
        await this.pace.pause(Math.min(250 * this.failures, 2000));
        continue;
      }
      if (!this.running) break;
      await this.pace.idle(this.behind());
    }
  }

  private behind(): boolean {
    return this.reactors.some((reactor) => comparePositions(this.reached.get(reactor.name) ?? START, this.pace.target) < 0);
  }

  private async jobsFor(reactor: Reactor, batch: RecordedEvent[]): Promise<JobRequest[]> {
    const jobs: JobRequest[] = [];
    for (const event of batch) {
      const subscription = subscribedTo(reactor.follows, event);
      if (subscription) jobs.push(...(await subscription.handle(event)));
    }
    return jobs;
  }
}

function checkpointName(reactor: Reactor): string {
  return `reactor:${reactor.name}`;
}
