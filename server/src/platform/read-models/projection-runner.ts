import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { comparePositions, EventStore, Position, RecordedEvent } from '../../eventstore/event-store.port';
import type { Push } from '../../realtime/realtime.events';
import { readCheckpoint, writeCheckpoint, resetCheckpoint } from './checkpoints';
import { listStalls, ProjectionEventError, recordStall, skippedEvents, STALL_AFTER_ATTEMPTS } from './stalls';
import { subscribedTo } from '../subscriptions';
import type { Projection, ProjectionContext } from './projection';

const BATCH = 500;

export interface Publisher {
  publish(push: Push): void;
}

/**
 * Keeps every read model up to date: catches up from each projection's checkpoint on start,
 * then follows the log live. Each batch runs in one transaction holding an advisory lock per
 * projection, so several server instances can run it and none applies an event twice.
 * A read model that fails on the same event STALL_AFTER_ATTEMPTS times in a row stops there
 * (recorded in read_model_stalls, reported by /api/health) until an operator retries or skips
 * that event (`npm run read-models:repair`); the other read models go on.
 */
export class ProjectionRunner {
  private readonly logger = new Logger('Projections');
  private readonly reached = new Map<string, Position>();
  private readonly listeners = new Set<() => void>();
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private dirty = false;
  private stalled = new Set<string>();
  /** Per read model: the event ids an operator chose to skip (loaded once, and after a repair). */
  private readonly skips = new Map<string, Set<string>>();
  /** Per read model: the event it failed on last and how many times in a row. */
  private readonly failures = new Map<string, { eventId: string; attempts: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly projections: Projection[],
    private readonly publisher: Publisher | null,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  /** Asks the loop to look for new events now rather than at the next notification. */
  kick(): void {
    this.dirty = true;
    this.wake?.();
  }

  /**
   * Read-your-writes: resolves true once every projection handling one of `types` has passed
   * `position`, or false after `timeoutMs`. Other instances may do the work; the database
   * checkpoints are polled as well as this instance's progress.
   */
  async waitFor(position: Position, types: readonly string[], timeoutMs: number): Promise<boolean> {
    const names = this.projections.filter((p) => p.follows.some((s) => s.types.some((t) => types.includes(t)))).map((p) => p.name);
    if (names.length === 0) return true;
    // A stopped read model will not get there: answer now rather than at the timeout.
    if (names.some((name) => this.stalled.has(name))) return false;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      // Kick on every round: an event can stay unreadable for a moment while an older
      // transaction (anywhere on the server) is still open, and a single read would miss it.
      this.kick();
      if (await this.allReached(names, position)) return true;
      await this.nextProgress(Math.min(25, deadline - Date.now()));
    }
    return this.allReached(names, position);
  }

  /** Empties every read model and replays the whole log into it, without realtime pushes. */
  async rebuild(): Promise<number> {
    for (const projection of this.projections) {
      await this.dataSource.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection:${projection.name}`]);
        await projection.reset(tx);
        await resetCheckpoint(tx, projection.name);
      });
      this.reached.delete(projection.name);
    }
    let applied = 0;
    for (const projection of this.projections) {
      for (;;) {
        const count = await this.runBatch(projection, { push: false, wait: true });
        applied += count;
        if (count < BATCH) break;
      }
    }
    return applied;
  }

  /**
   * Brings every projection to the end of the log once. A projection that fails does not hold
   * the others back; the first failure is rethrown after all have had their turn.
   */
  async catchUp(): Promise<void> {
    await this.refreshStalls();
    let failure: unknown = null;
    for (const projection of this.projections) {
      if (this.stalled.has(projection.name)) continue;
      try {
        while ((await this.runBatch(projection, { push: true, wait: false })) === BATCH);
        this.failures.delete(projection.name);
      } catch (error) {
        if (error instanceof ProjectionEventError) await this.countFailure(error);
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }

  /** Read models stopped now (by this or another instance); a lifted stall reloads its skips. */
  private async refreshStalls(): Promise<void> {
    const now = new Set((await listStalls(this.dataSource)).map((stall) => stall.name));
    for (const name of this.stalled) if (!now.has(name)) this.skips.delete(name);
    this.stalled = now;
  }

  private async countFailure(error: ProjectionEventError): Promise<void> {
    const last = this.failures.get(error.projection);
    const attempts = last?.eventId === error.event.id ? last.attempts + 1 : 1;
    this.failures.set(error.projection, { eventId: error.event.id, attempts });
    if (attempts < STALL_AFTER_ATTEMPTS) return;
    await recordStall(this.dataSource, error, attempts);
    this.stalled.add(error.projection);
    this.failures.delete(error.projection);
    this.logger.error(
      `Read model ${error.projection} stopped at ${error.event.type} ${error.event.id} (${error.event.position}) after ${attempts} failures: ${error.message}`,
    );
  }

  private async skipsOf(name: string): Promise<Set<string>> {
    let skips = this.skips.get(name);
    if (!skips) {
      skips = await skippedEvents(this.dataSource, name);
      this.skips.set(name, skips);
    }
    return skips;
  }

  private async follow(): Promise<void> {
    while (this.running) {
      this.dirty = false;
      try {
        await this.catchUp();
      } catch (error) {
        this.logger.error(`Projection batch failed, retrying: ${(error as Error).message}`);
        await sleep(500);
      }
      if (!this.running || this.dirty) continue;
      await Promise.race([this.events.waitForNew(1000), new Promise<void>((resolve) => (this.wake = resolve))]);
      this.wake = null;
    }
  }

  /** Applies up to one batch; returns how many events it read (BATCH means there may be more). */
  private async runBatch(projection: Projection, options: { push: boolean; wait: boolean }): Promise<number> {
    const pushes: Push[] = [];
    let read = 0;
    let last: Position | null = null;
    await this.dataSource.transaction(async (tx) => {
      const lock = options.wait ? 'pg_advisory_xact_lock' : 'pg_try_advisory_xact_lock';
      const [row] = await tx.query(`SELECT ${lock}(hashtext($1)) AS locked`, [`projection:${projection.name}`]);
      if (!options.wait && !row.locked) return;
      const after = await readCheckpoint(tx, projection.name);
      const batch = await this.events.readAll({ after, limit: BATCH });
      read = batch.length;
      if (batch.length === 0) {
        last = after;
        return;
      }
      const context = { tx, push: (push: Push) => pushes.push(push) };
      const skips = await this.skipsOf(projection.name);
      for (const event of batch) if (!skips.has(event.id)) await applyOne(projection, event, context);
      last = batch[batch.length - 1].position;
      await writeCheckpoint(tx, projection.name, last);
    });
    if (last) this.advance(projection.name, last);
    if (options.push && this.publisher) for (const push of pushes) this.publisher.publish(push);
    return read;
  }

  private advance(name: string, position: Position): void {
    const known = this.reached.get(name);
    if (!known || comparePositions(known, position) < 0) this.reached.set(name, position);
    for (const listener of this.listeners) listener();
  }

  private async allReached(names: string[], position: Position): Promise<boolean> {
    const local = names.every((name) => {
      const at = this.reached.get(name);
      return at !== undefined && comparePositions(at, position) >= 0;
    });
    if (local) return true;
    for (const name of names) {
      const at = await readCheckpoint(this.dataSource, name);
      if (comparePositions(at, position) < 0) return false;
    }
    return true;
  }

  private nextProgress(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(timeoutMs, 0));
      this.listeners.add(done);
    });
  }
}

/** Applies an event the projection follows; others only move its checkpoint. */
async function applyOne(projection: Projection, event: RecordedEvent, context: ProjectionContext) {
  const subscription = subscribedTo(projection.follows, event);
  if (!subscription) return;
  try {
    await subscription.handle(event, context);
  } catch (error) {
    throw new ProjectionEventError(projection.name, event, error);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
