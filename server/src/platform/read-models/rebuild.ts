import type { QueryResultRow } from 'pg';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { queryNamed } from '../../database/named-statements';
import { EventStore, Position, RecordedEvent, START } from '../../eventstore/event-store.port';
import { subscribedTo } from '../subscriptions';
import { setCheckpoint } from './checkpoints';
import { AppendedTable, type FoldedRows, type FoldSubscription, type ReplayModel } from './folded-table';
import type { Projection } from './projection';
import {
  addForeignKeys,
  copyIndexes,
  createShadowSchema,
  createShadowTable,
  dropShadowSchema,
  foreignKeysOf,
  type ForeignKey,
  intoShadow,
  liveSchema,
  LiveSchema,
  quote,
  REBUILD_SCHEMA,
  RefusedRow,
  swapTables,
  WRITE_CHUNK,
  writeRows,
} from './shadow-tables';
import { ProjectionEventError, skippedEvents, type EventRef } from './stalls';

/** Events per read of the log: one query, thousands of events. */
const READ_BATCH = 5_000;
/** Tables written or indexed at the same time, each on its own connection. */
const PARALLEL_TABLES = 3;
/** How long the swap may wait for a table a long query holds, before giving up cleanly. */
const SWAP_LOCK_TIMEOUT = '30s';

export interface RebuildOutcome {
  /** Events read from the log (the replay and the catch-up at the swap). */
  events: number;
  /** Where every rebuilt read model's checkpoint now stands. */
  head: Position;
  /** Of those, the events appended while the rebuild ran, applied at the swap. */
  caughtUp: number;
  /** Milliseconds per phase: reading and folding the log, bulk writes with indexes and statistics, foreign keys, the swap. */
  timings: { replay: number; write: number; keys: number; swap: number };
}

/** Why a rebuild stopped; the live read models and their checkpoints are as they were. */
export class RebuildFailed extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'RebuildFailed';
  }
}

/** One read model being rebuilt: its fold (if it has one) and the events an operator skipped. */
interface Target {
  projection: Projection;
  model: ReplayModel | null;
  /** The fold's subscription for an event, if it follows it. */
  foldFor: (event: RecordedEvent, key: string) => FoldSubscription | undefined;
  skips: Set<string>;
}

/**
 * Rebuilds read models without ever emptying the live ones: replays the whole log into fresh
 * tables (in REBUILD_SCHEMA), then, in one transaction holding every rebuilt projection's
 * advisory lock (the lock each runner batch takes), applies the events appended meanwhile,
 * swaps the fresh tables in and sets the checkpoints to the last event applied. A runner batch
 * therefore either ran before the swap (on the old tables, which are then dropped) or runs after
 * it from the new checkpoint: no event is lost or applied twice. Any failure drops the fresh
 * tables and leaves the live ones and their checkpoints untouched.
 */
export async function rebuildReadModels(
  dataSource: DataSource,
  events: EventStore,
  projections: readonly Projection[],
): Promise<RebuildOutcome> {
  const session = dataSource.createQueryRunner();
  await session.connect();
  try {
    // A session lock, so a second rebuild cannot drop the first one's fresh tables.
    const [{ locked }] = await session.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', ['read-models:rebuild']);
    if (!locked) throw new RebuildFailed('Another rebuild is running; the live read models are unchanged.');
    try {
      return await new Rebuild(dataSource, events, projections, await liveSchema(session)).run();
    } catch (error) {
      await dropShadowSchema(dataSource);
      throw error;
    } finally {
      await session.query('SELECT pg_advisory_unlock(hashtext($1))', ['read-models:rebuild']);
    }
  } finally {
    await session.release();
  }
}

class Rebuild {
  private readonly tables: string[];
  private targets: Target[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly projections: readonly Projection[],
    private readonly live: LiveSchema,
  ) {
    this.tables = projections.flatMap((projection) => projection.tables);
    if (new Set(this.tables).size !== this.tables.length) throw new RebuildFailed('Two read models name the same table.');
  }

  async run(): Promise<RebuildOutcome> {
    const clock = new PhaseClock();
    await this.prepare();
    const replayed = await this.replay();
    const replay = clock.lap();
    await this.writeTables();
    const write = clock.lap();
    await this.addKeys();
    const keys = clock.lap();
    const swapped = await this.swap(replayed);
    return { ...swapped, timings: { replay, write, keys, swap: clock.lap() } };
  }

  /** Fresh empty tables; those filled event by event get their indexes now (ON CONFLICT needs them). */
  private async prepare(): Promise<void> {
    await createShadowSchema(this.dataSource);
    for (const table of this.tables) await createShadowTable(this.dataSource, this.live, table);
    for (const projection of this.projections) {
      const skips = await skippedEvents(this.dataSource, projection.name);
      const model = projection.replay?.() ?? null;
      this.targets.push({ projection, model, foldFor: dispatcher(model?.follows ?? []), skips });
      if (!model) for (const table of projection.tables) await copyIndexes(this.dataSource, this.live, table);
    }
  }

  /**
   * The whole log, read a batch ahead of the folding, up to what is readable now. Rows of
   * append-only tables are written out meanwhile, so the database works while the fold does.
   */
  private async replay(): Promise<{ events: number; head: Position }> {
    let head = START;
    let count = 0;
    const logs = this.targets.flatMap(({ projection, model }) =>
      (model?.tables ?? [])
        .filter((table) => table instanceof AppendedTable)
        .map((table) => new LogWriter(this.dataSource, projection, table)),
    );
    let next = this.events.readAll({ after: head, limit: READ_BATCH });
    try {
      for (;;) {
        const batch = await next;
        if (batch.length === 0) break;
        head = batch[batch.length - 1].position;
        count += batch.length;
        next = batch.length === READ_BATCH ? this.events.readAll({ after: head, limit: READ_BATCH }) : Promise.resolve([]);
        const keys = batch.map(dispatchKey);
        for (const target of this.targets) if (target.model) foldBatch(target, batch, keys);
        const bySql = this.targets.filter((target) => !target.model);
        if (bySql.length > 0) await this.dataSource.transaction((tx) => this.applyBySql(tx, bySql, batch));
        for (const log of logs) await log.write(WRITE_CHUNK);
      }
      for (const log of logs) await log.write(1);
      for (const log of logs) await log.written();
    } finally {
      // A failure above leaves the read-ahead unawaited; it must not surface as unhandled.
      next.catch(() => undefined);
      await Promise.all(logs.map((log) => log.close()));
    }
    return { events: count, head };
  }

  private async applyBySql(tx: EntityManager, targets: Target[], batch: RecordedEvent[]): Promise<void> {
    await tx.query(intoShadow(this.live));
    for (const target of targets) await applyEvents(tx, target, batch);
  }

  /**
   * Each table on one of a few connections, largest first: its rows (if folded), its indexes
   * after the bulk load, its statistics for the planner. One table's index builds overlap the
   * next one's writes, so the database keeps both cores busy.
   */
  private async writeTables(): Promise<void> {
    const work = this.targets.flatMap(({ projection, model }) =>
      projection.tables.map((name) => ({ projection, name, folded: model?.tables.find((table) => table.name === name) })),
    );
    work.sort((a, b) => (b.folded?.size ?? 0) - (a.folded?.size ?? 0));
    await inParallel(this.dataSource, work, async (db, { projection, name, folded }) => {
      if (folded instanceof AppendedTable) await copyIndexes(db, this.live, name);
      else if (folded) {
        try {
          await writeRows(db, await db.connect(), folded);
        } catch (error) {
          throw refusal(projection, folded.origin.bind(folded), error);
        }
        await copyIndexes(db, this.live, name);
      }
      await db.query(`ANALYZE ${quote(REBUILD_SCHEMA)}.${quote(name)}`);
    });
  }

  /** Foreign keys last: they check rows against the indexes of the tables they name. */
  private async addKeys(): Promise<void> {
    const keys: ForeignKey[] = [];
    for (const table of this.tables) keys.push(...(await foreignKeysOf(this.dataSource, this.live, table)));
    await this.dataSource.transaction(async (tx) => {
      await tx.query(intoShadow(this.live));
      await addForeignKeys(tx, keys);
    });
  }

  /**
   * One transaction: take every rebuilt projection's lock (a runner batch in progress finishes
   * first; later ones wait or pass), apply what was appended since the replay, swap the tables,
   * set the checkpoints. Lifts the stalls of these read models: they are now at the head.
   */
  private async swap(replayed: { events: number; head: Position }): Promise<Omit<RebuildOutcome, 'timings'>> {
    const names = this.projections.map((projection) => projection.name).sort();
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SET LOCAL lock_timeout = '${SWAP_LOCK_TIMEOUT}'`);
      for (const name of names) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection:${name}`]);
      // Commands write some of these tables inline, in their append's transaction, and their
      // events tell the runners to pass over them. So appends are held for the swap's moment: a
      // command halfway through has committed (its event is caught up below into the fresh
      // tables), and the next ones write into the fresh tables.
      await this.events.holdAppends?.(tx);
      await tx.query(intoShadow(this.live));
      const { head, events } = await this.catchUp(tx, replayed.head);
      await tx.query(`SET LOCAL search_path TO ${this.live.searchPath}`);
      await swapTables(tx, this.live, this.tables);
      for (const name of names) await setCheckpoint(tx, name, head);
      await tx.query('DELETE FROM read_model_stalls WHERE name = ANY($1)', [names]);
      await tx.query(`DROP SCHEMA ${quote(REBUILD_SCHEMA)}`);
      return { events: replayed.events + events, head, caughtUp: events };
    });
  }

  /** Applies, event by event with each projection's live SQL, what was appended during the rebuild. */
  private async catchUp(tx: EntityManager, from: Position): Promise<{ head: Position; events: number }> {
    let head = from;
    let events = 0;
    for (;;) {
      const batch = await this.events.readAll({ after: head, limit: READ_BATCH });
      if (batch.length === 0) break;
      for (const target of this.targets) await applyEvents(tx, target, batch);
      head = batch[batch.length - 1].position;
      events += batch.length;
      if (batch.length < READ_BATCH) break;
    }
    return { head, events };
  }
}

/**
 * Writes an append-only table's rows while the replay goes on, on a connection of its own, one
 * chunk at a time: the fold waits for the previous chunk before handing over the next, so a
 * slow database holds the replay back instead of rows piling up in memory.
 */
class LogWriter {
  private readonly db: QueryRunner;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    dataSource: DataSource,
    private readonly projection: Projection,
    private readonly table: AppendedTable,
  ) {
    this.db = dataSource.createQueryRunner();
  }

  /** Starts writing the rows appended so far, once there are at least `atLeast`. */
  async write(atLeast: number): Promise<void> {
    if (this.table.waiting < atLeast) return;
    await this.writing;
    const rows = this.table.take();
    this.writing = this.copy(rows);
    // Surfaces at the next write or at written(); a failure in between must not go unhandled.
    this.writing.catch(() => undefined);
  }

  written(): Promise<void> {
    return this.writing;
  }

  async close(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.db.release();
  }

  private async copy(rows: FoldedRows): Promise<void> {
    try {
      await writeRows(this.db, await this.db.connect(), rows);
    } catch (error) {
      throw refusal(this.projection, rows.origin.bind(rows), error);
    }
  }
}

/** Milliseconds since the last lap. */
class PhaseClock {
  private last = Date.now();

  lap(): number {
    const now = Date.now();
    const elapsed = now - this.last;
    this.last = now;
    return elapsed;
  }
}

/**
 * Runs `work` on every item, PARALLEL_TABLES at a time, each lane on a connection of its own;
 * the first failure rejects (after the others settle).
 */
async function inParallel<T>(
  dataSource: DataSource,
  items: readonly T[],
  work: (db: QueryRunner, item: T) => Promise<unknown>,
): Promise<void> {
  const queue = [...items];
  const lanes = Array.from({ length: Math.min(PARALLEL_TABLES, queue.length) }, async () => {
    const db = dataSource.createQueryRunner();
    try {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(db, item);
    } finally {
      await db.release();
    }
  });
  const results = await Promise.allSettled(lanes);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * subscribedTo with one map lookup per event instead of a scan: a subscription follows the
 * streams `<stream>-{id}`, so an event's category is its stream name up to the first '-'. The
 * key (category and type) is made once per event for every read model (see dispatchKey).
 */
function dispatcher(follows: readonly FoldSubscription[]): (event: RecordedEvent, key: string) => FoldSubscription | undefined {
  if (follows.some((subscription) => subscription.stream.includes('-'))) return (event) => subscribedTo(follows, event);
  const byKey = new Map<string, FoldSubscription>();
  for (const subscription of follows) {
    for (const type of subscription.types)
      if (!byKey.has(`${subscription.stream} ${type}`)) byKey.set(`${subscription.stream} ${type}`, subscription);
  }
  return (_event, key) => byKey.get(key);
}

/** An event's category and type, as dispatcher looks them up; no category matches none. */
function dispatchKey(event: RecordedEvent): string {
  const dash = event.stream.indexOf('-');
  return dash < 0 ? '' : `${event.stream.slice(0, dash)} ${event.type}`;
}

/** Folds a batch (with each event's dispatchKey) into a read model's tables in memory. */
function foldBatch({ projection, skips, foldFor }: Target, batch: RecordedEvent[], keys: string[]): void {
  for (let i = 0; i < batch.length; i++) {
    const event = batch[i];
    if (skips.has(event.id)) continue;
    const subscription = foldFor(event, keys[i]);
    if (!subscription) continue;
    try {
      subscription.handle(event, null);
    } catch (error) {
      throw new ProjectionEventError(projection.name, event, error);
    }
  }
}

/** Applies a batch with the projection's live handlers (realtime pushes are not sent on rebuilds). */
async function applyEvents(tx: EntityManager, { projection, skips }: Target, batch: RecordedEvent[]): Promise<void> {
  const context = {
    tx,
    push: () => undefined,
    write: async (sql: string, values: readonly unknown[] = []) => void (await tx.query(sql, [...values])),
    // Planned again under the rebuild's search path: Postgres re-analyzes a named statement when it changed.
    prepared: <Row extends QueryResultRow>(sql: string, values: readonly unknown[]) => queryNamed<Row>(tx, sql, values),
  };
  for (const event of batch) {
    if (skips.has(event.id)) continue;
    const subscription = subscribedTo(projection.follows, event);
    if (!subscription) continue;
    try {
      await subscription.handle(event, context);
    } catch (error) {
      throw new ProjectionEventError(projection.name, event, error);
    }
  }
}

/** A row the database refused, named by the event that made it (as a runner would have failed on it). */
function refusal(projection: Projection, origin: (row: Record<string, unknown>) => EventRef | undefined, error: unknown): Error {
  if (!(error instanceof RefusedRow)) return error as Error;
  const event = origin(error.row);
  if (!event) return new RebuildFailed(`${projection.name} could not write a row of ${error.table}: ${error.message}`, error);
  return new ProjectionEventError(projection.name, event, error.cause);
}
