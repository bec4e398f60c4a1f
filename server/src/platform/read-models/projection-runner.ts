import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { queryNamed } from '../../database/named-statements';
import { PgListener } from '../../database/pg-listener';
import { comparePositions, EventStore, Position, RecordedEvent, START } from '../../eventstore/event-store.port';
import type { Push } from '../../realtime/realtime.events';
import { FollowerPace, furthestBehind, passesToEnd, STARTUP_WATCH_MS } from '../follower-pace';
import {
  CHECKPOINTS_CHANNEL,
  parseCheckpointNotice,
  passCheckpoints,
  readCheckpoint,
  readCheckpoints,
  writeCheckpoint,
} from './checkpoints';
import { DeferredWrites, DeferredWritesFailed } from './deferred-writes';
import { projectedInline } from './inline-projection';
import { rebuildReadModels } from './rebuild';
import { listStalls, ProjectionEventError, recordStall, skippedEvents, STALL_AFTER_ATTEMPTS } from './stalls';
import { subscribedTo } from '../subscriptions';
import type { Projection, ProjectionContext, ProjectionSubscription } from './projection';

const BATCH = 500;
/** A failing batch (a deadlock, a dropped connection, a bad event) is tried again after this. */
const FAILURE_RETRY_MS = 500;
/** Without a LISTEN connection a waiter cannot hear other instances: it reads the checkpoints this often. */
const UNHEARD_POLL_MS = 100;

/** What a pass of the live loop read once for all read models. */
interface Pass {
  checkpoints: Map<string, Position>;
  /** Where the read starts: the furthest-behind checkpoint. */
  after: Position;
  /** The log after the furthest-behind checkpoint, in order, without gaps. */
  events: RecordedEvent[];
  /** Whether `events` reaches the end of what is readable now (it was not cut at BATCH). */
  complete: boolean;
}

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
 *
 * Nothing polls while idle: the loop wakes on the event store's notifications (and on a kick
 * from a command of this instance), re-reads at a short backoff only while an announced event is
 * still hidden behind an older open transaction, and sweeps once every 30 s in case a
 * notification was lost. Every batch that moves a checkpoint notifies CHECKPOINTS_CHANNEL, so
 * read-your-writes waiters of every instance wake on the progress itself.
 */
export class ProjectionRunner {
  private readonly logger = new Logger('Projections');
  /** Where each read model stands, from this instance's batches and every instance's notifications. */
  private readonly reached = new Map<string, Position>();
  private readonly listeners = new Set<() => void>();
  private pace = new FollowerPace();
  private running = false;
  private loop: Promise<void> | null = null;
  private stopFollowing: (() => void) | null = null;
  private stopHearing: (() => void) | null = null;
  private listener: PgListener | null;
  private readonly ownsListener: boolean;
  private stalled = new Set<string>();
  /** Whether read_model_stalls may have changed since it was last read (start, a repair, a stall anywhere). */
  private stallsChanged = true;
  /** Per read model: the event ids an operator chose to skip (loaded once, and after a repair). */
  private readonly skips = new Map<string, Set<string>>();
  /** Read models with a batch of this instance in flight, and checkpoint notices held meanwhile (see heard). */
  private readonly applying = new Set<string>();
  private readonly heldNotices = new Map<string, Position>();
  /** Per read model: the event it failed on last and how many times in a row. */
  private readonly failures = new Map<string, { eventId: string; attempts: number }>();
  /** Read models whose queued writes failed together: their next batch runs statement by statement, naming the event. */
  private readonly oneByOne = new Set<string>();

  /**
   * `listener` is the process's shared LISTEN connection; without one the runner opens its own
   * (from the data source's URL) the first time it follows or waits, and closes it on stop().
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly projections: Projection[],
    private readonly publisher: Publisher | null,
    listener?: PgListener,
  ) {
    this.listener = listener ?? null;
    this.ownsListener = !listener;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pace = new FollowerPace(STARTUP_WATCH_MS);
    this.hearCheckpoints();
    this.stopFollowing = this.events.onNew((position) => this.kick(position ?? undefined));
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.pace.stop();
    await this.loop;
    this.stopFollowing?.();
    this.stopFollowing = null;
    this.stopHearing?.();
    this.stopHearing = null;
    if (this.ownsListener) {
      await this.listener?.close();
      this.listener = null;
    }
  }

  /** Asks the loop to look for new events now, and to keep looking until it has read `position`. */
  kick(position?: Position, options: { awaited?: boolean } = {}): void {
    this.pace.kick(position, options);
  }

  /**
   * Read-your-writes: resolves true once every projection handling one of `types` has passed
   * `position`, or false after `timeoutMs`. Other instances may do the work: their batches'
   * checkpoint notifications count as much as this instance's own progress. Nothing is polled
   * while the LISTEN connection is up. Read models the command wrote inline (`writtenInline`)
   * already show the write: nobody waits for them.
   */
  async waitFor(position: Position, types: readonly string[], timeoutMs: number, writtenInline: readonly string[] = []): Promise<boolean> {
    const names = this.projections
      .filter((p) => !writtenInline.includes(p.name) && p.follows.some((s) => !s.eventual && s.types.some((t) => types.includes(t))))
      .map((p) => p.name);
    if (names.length === 0) return true;
    // A stopped read model will not get there: answer now rather than at the timeout.
    if (names.some((name) => this.stalled.has(name))) return false;
    const listener = this.hearCheckpoints();
    this.kick(position, { awaited: true });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.reachedLocally(names, position)) return true;
      if (names.some((name) => this.stalled.has(name))) return false;
      const left = deadline - Date.now();
      if (left <= 0) break;
      if (listener.connected) {
        await this.nextProgress(left);
        continue;
      }
      // Notifications may be missed while the LISTEN connection is down: look at the table.
      await this.nextProgress(Math.min(left, UNHEARD_POLL_MS));
      await this.learnCheckpoints(names);
    }
    await this.learnCheckpoints(names);
    return this.reachedLocally(names, position);
  }

  /** Sends the realtime pushes of rows a command wrote inline, once its transaction committed. */
  publish(pushes: readonly Push[]): void {
    if (this.publisher) for (const push of pushes) this.publisher.publish(push);
  }

  /**
   * Replays the whole log into fresh tables and swaps them in (see rebuild.ts), without realtime
   * pushes; the live read models serve until the swap. Answers how many events it read.
   */
  async rebuild(): Promise<number> {
    const outcome = await rebuildReadModels(this.dataSource, this.events, this.projections);
    for (const projection of this.projections) this.advance(projection.name, outcome.head);
    return outcome.events;
  }

  /**
   * Brings every projection to the end of the log once (see passesToEnd). A projection that fails
   * does not hold the others back; the first failure is rethrown after all have had their turn.
   */
  async catchUp(): Promise<void> {
    await this.refreshStalls();
    const live = this.projections.filter((projection) => !this.stalled.has(projection.name));
    await passesToEnd(async () => {
      const pass = await this.readPass(live);
      await this.applyPass(live, pass);
      return { after: pass.after, cut: !pass.complete };
    });
  }

  /** Applies one read of the log to every read model, each from its own checkpoint. */
  private async applyPass(live: Projection[], pass: Pass): Promise<void> {
    const busy = live.filter((projection) => this.hasWork(projection, pass));
    const idle = live.filter((projection) => !busy.includes(projection));
    // Side by side: each busy read model has its own transaction and lock, and none waits for
    // another; the idle ones have their checkpoints passed on together, in one statement.
    const results = await Promise.allSettled([this.passOn(idle, pass), ...busy.map((projection) => this.applyItsEvents(projection, pass))]);
    let failure: unknown = null;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (result.reason instanceof ProjectionEventError) await this.countFailure(result.reason);
      failure ??= result.reason;
    }
    if (failure) throw failure;
  }

  /**
   * One read of the log for every read model of a pass: their checkpoints, then the events after
   * the furthest behind. A read model whose own events in it are none it follows only has its
   * checkpoint passed on; the others apply them (see runBatch). This keeps a pass at a few
   * statements when most read models have nothing to do with the commands of the moment.
   */
  private async readPass(projections: Projection[]): Promise<Pass> {
    const checkpoints = await readCheckpoints(
      this.dataSource,
      projections.map((projection) => projection.name),
    );
    const positions = projections.map((projection) => checkpoints.get(projection.name) ?? START);
    const after = furthestBehind(positions);
    const events = projections.length === 0 ? [] : await this.events.readAll({ after, limit: BATCH });
    return { checkpoints, after, events, complete: events.length < BATCH };
  }

  /** Events after the read model's checkpoint in this pass. */
  private eventsFor(projection: Projection, pass: Pass): RecordedEvent[] {
    const after = pass.checkpoints.get(projection.name) ?? START;
    return pass.events.filter((event) => comparePositions(event.position, after) > 0);
  }

  /** Whether the pass holds events the read model must apply. */
  private hasWork(projection: Projection, pass: Pass): boolean {
    const after = pass.checkpoints.get(projection.name) ?? START;
    return pass.events.some((event) => comparePositions(event.position, after) > 0 && handlerFor(projection, event));
  }

  /** Moves the checkpoints of read models with nothing to apply in the pass to its end. */
  private async passOn(projections: Projection[], pass: Pass): Promise<void> {
    const moves = [];
    for (const projection of projections) {
      const after = pass.checkpoints.get(projection.name) ?? START;
      const mine = this.eventsFor(projection, pass);
      if (mine.length === 0) this.advance(projection.name, after);
      else moves.push({ name: projection.name, from: after, to: mine[mine.length - 1].position });
    }
    const moved = await passCheckpoints(this.dataSource, moves);
    for (const move of moves) if (moved.has(move.name)) this.advance(move.name, move.to);
  }

  private async applyItsEvents(projection: Projection, pass: Pass): Promise<void> {
    const after = pass.checkpoints.get(projection.name) ?? START;
    await this.runBatch(projection, { push: true, wait: false }, { after, events: this.eventsFor(projection, pass) });
    this.failures.delete(projection.name);
  }

  /**
   * Read models stopped now (by this or another instance), read again only when that may have
   * changed: a lifted stall reloads its skips.
   */
  private async refreshStalls(): Promise<void> {
    if (!this.stallsChanged) return;
    this.stallsChanged = false;
    try {
      const now = new Set((await listStalls(this.dataSource)).map((stall) => stall.name));
      for (const name of this.stalled) if (!now.has(name)) this.skips.delete(name);
      this.stalled = now;
    } catch (error) {
      this.stallsChanged = true;
      throw error;
    }
  }

  private async countFailure(error: ProjectionEventError): Promise<void> {
    const last = this.failures.get(error.projection);
    const attempts = last?.eventId === error.event.id ? last.attempts + 1 : 1;
    this.failures.set(error.projection, { eventId: error.event.id, attempts });
    if (attempts < STALL_AFTER_ATTEMPTS) return;
    await recordStall(this.dataSource, error, attempts);
    this.stalled.add(error.projection);
    this.stallsChanged = true;
    this.failures.delete(error.projection);
    this.logger.error(
      `Read model ${error.projection} stopped at ${error.event.type} ${error.event.id} (${error.event.position}) after ${attempts} failures: ${error.message}`,
    );
  }

  /** Read within the batch's transaction: batches run side by side and must not wait for a second connection. */
  private async skipsOf(name: string, tx: EntityManager): Promise<Set<string>> {
    let skips = this.skips.get(name);
    if (!skips) {
      skips = await skippedEvents(tx, name);
      this.skips.set(name, skips);
    }
    return skips;
  }

  private async follow(): Promise<void> {
    while (this.running) {
      this.pace.starting();
      try {
        await this.catchUp();
      } catch (error) {
        this.logger.error(`Projection batch failed, retrying: ${(error as Error).message}`);
        await this.pace.pause(FAILURE_RETRY_MS);
        continue;
      }
      if (!this.running) break;
      await this.pace.idle(this.behind(), this.listeners.size > 0);
    }
  }

  /** Whether a read model that is not stopped has yet to reach the furthest announced position. */
  private behind(): boolean {
    return this.projections.some((projection) => {
      if (this.stalled.has(projection.name)) return false;
      return comparePositions(this.reached.get(projection.name) ?? START, this.pace.target) < 0;
    });
  }

  /** Listens to checkpoint notifications (once): they move `reached` and wake the waiters. */
  private hearCheckpoints(): PgListener {
    this.listener ??= new PgListener(postgresUrl(this.dataSource));
    this.stopHearing ??= this.listener.listen(CHECKPOINTS_CHANNEL, (payload) => this.heard(payload));
    return this.listener;
  }

  private heard(payload: string | null): void {
    const notice = payload === null ? null : parseCheckpointNotice(payload);
    // While a batch of this instance is in flight its own notice may arrive before its pushes
    // have left, and would let a command answer (and its caller listen) first: held until then.
    if (notice && this.applying.has(notice.name)) return void this.heldNotices.set(notice.name, notice.position);
    if (notice) return this.advance(notice.name, notice.position);
    // A repair, a stall recorded by another instance, or a reconnection: stalls may have changed.
    this.stallsChanged = true;
    // (Re)connected: notifications may have been missed, so read where everyone stands. A repair
    // (or any other payload) asks the loop to look again.
    if (payload === null) void this.learnCheckpoints(this.projections.map((p) => p.name)).catch(() => undefined);
    this.kick();
  }

  /** Reads checkpoints from the table (after a reconnection, or without a LISTEN connection). */
  private async learnCheckpoints(names: string[]): Promise<void> {
    const stored = await readCheckpoints(this.dataSource, names);
    for (const [name, position] of stored) this.advance(name, position);
  }

  /**
   * Applies up to one batch; returns how many events it read (BATCH means there may be more).
   * `known` is what the live pass already read after a checkpoint: used if the checkpoint still
   * stands there once the lock is held.
   */
  private async runBatch(
    projection: Projection,
    options: { push: boolean; wait: boolean },
    known?: { after: Position; events: RecordedEvent[] },
  ): Promise<number> {
    const pushes: Push[] = [];
    let read = 0;
    let last: Position | null = null;
    this.applying.add(projection.name);
    try {
      await this.dataSource.transaction(async (tx) => {
        const lock = options.wait ? 'pg_advisory_xact_lock' : 'pg_try_advisory_xact_lock';
        const [row] = await queryNamed<{ locked: boolean }>(tx, `SELECT ${lock}(hashtext($1)) AS locked`, [
          `projection:${projection.name}`,
        ]);
        if (!options.wait && !row.locked) return;
        const after = await readCheckpoint(tx, projection.name);
        const batch = known?.after === after ? known.events : await this.events.readAll({ after, limit: BATCH });
        read = batch.length;
        if (batch.length === 0) {
          last = after;
          return;
        }
        const writes = new DeferredWrites(tx, !this.oneByOne.has(projection.name));
        const skips = await this.skipsOf(projection.name, tx);
        const handled = batch.flatMap((event) => {
          const subscription = skips.has(event.id) ? undefined : handlerFor(projection, event);
          return subscription ? [{ event, subscription }] : [];
        });
        const context = {
          tx: writes.manager,
          push: (push: Push) => pushes.push(push),
          write: writes.write,
          prepared: writes.prepared,
          batch: handled.map(({ event }) => event),
        };
        for (const { event, subscription } of handled) await applyOne(projection.name, event, subscription, context);
        last = batch[batch.length - 1].position;
        await writes.flush();
        await writeCheckpoint(tx, projection.name, last, { announce: true });
      });
      if (read > 0) this.oneByOne.delete(projection.name);
      if (options.push && this.publisher) for (const push of pushes) this.publisher.publish(push);
      if (last) this.advance(projection.name, last);
    } catch (error) {
      if (error instanceof DeferredWritesFailed) this.oneByOne.add(projection.name);
      throw error;
    } finally {
      this.applying.delete(projection.name);
      const held = this.heldNotices.get(projection.name);
      this.heldNotices.delete(projection.name);
      if (held) this.advance(projection.name, held);
    }
    return read;
  }

  private advance(name: string, position: Position): void {
    const known = this.reached.get(name);
    if (!known || comparePositions(known, position) < 0) this.reached.set(name, position);
    for (const listener of this.listeners) listener();
  }

  private reachedLocally(names: string[], position: Position): boolean {
    return names.every((name) => {
      const at = this.reached.get(name);
      return at !== undefined && comparePositions(at, position) >= 0;
    });
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

/** The handler of an event the read model follows and its command did not already write inline. */
function handlerFor(projection: Projection, event: RecordedEvent): ProjectionSubscription | undefined {
  if (projectedInline(event, projection.name)) return undefined;
  return subscribedTo(projection.follows, event);
}

/** Applies an event with the projection's handler for it (events without one only move its checkpoint). */
async function applyOne(projection: string, event: RecordedEvent, subscription: ProjectionSubscription, context: ProjectionContext) {
  try {
    await subscription.handle(event, context);
  } catch (error) {
    // Writes queued by earlier events may be the ones that failed: not this event's to answer for.
    if (error instanceof DeferredWritesFailed) throw error;
    throw new ProjectionEventError(projection, event, error);
  }
}

/** The URL of the data source's database, for a LISTEN connection of the runner's own. */
function postgresUrl(dataSource: DataSource): string {
  const { url } = dataSource.options as { url?: string };
  if (!url) throw new Error('The projection runner needs a data source opened from a URL (or a PgListener)');
  return url;
}
