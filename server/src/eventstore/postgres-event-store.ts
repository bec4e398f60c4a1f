import { randomUUID } from 'node:crypto';
import { Pool, type QueryResult } from 'pg';
import { PgListener } from '../database/pg-listener';
import { executePrepared, statementName } from '../database/named-statements';
import { renumbered } from '../database/sql-literals';
import {
  Appended,
  AppendResult,
  AppendWritten,
  comparePositions,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  Position,
  ReadAllOptions,
  RecordedEvent,
  SnapshotRead,
  SqlStatement,
  SqlTransaction,
  StreamSnapshot,
  StreamsRead,
  StreamAppend,
  START,
  StreamCheck,
  StreamFilter,
  Subscription,
  WrongExpectedVersionError,
} from './event-store.port';
import { Announcer } from './announcer';

export { LISTENER_APPLICATION_NAME } from '../database/pg-listener';

/**
 * Appends are announced on this channel once committed (see Announcer). The payload: the position
 * of the last event written, then the stream's version and the stream ("12:34 5 bid-..."), so
 * that anyone keeping a stream's state (the command bus) can tell it moved on.
 */
export const EVENTS_CHANNEL = 'tenens_events';

const CATCH_UP_BATCH = 500;
/** A notified event may still be hidden behind an older open transaction: look again soon. */
const HELD_BACK_RETRY_MS = 20;
/** Bounds what a lost notification (or a failed read) costs a subscriber. */
const DEFAULT_FALLBACK_POLL_MS = 1000;
/** 'any' skips the check, so losing a race only means writing again on top of the winner. */
const ANY_VERSION_ATTEMPTS = 10;
const NO_STREAM_VERSION = -1;
/** Marks readStreamsFrom's row of a filtered stream's last version. */
const HEAD_ROW = '(head)';
const CONNECT_TIMEOUT_MS = 5000;
/** "transactionId:globalPosition" */
const POSITION = /^(\d+):(\d+)$/;
/** A notification's payload: the position, then (from appends) the stream's version and the stream. */
const NOTICE = /^(?<position>\S+)(?: (?<version>\d+) (?<stream>.+))?$/s;

// The text alias must not be named transaction_id: ORDER BY would then sort by the text.
const EVENT_COLUMNS = `event_id, stream_id, stream_version, type, data, metadata,
  transaction_id::text AS transaction_id_text, global_position, created_at`;

interface EventRow {
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  transaction_id_text: string;
  global_position: string;
  created_at: Date;
}

/** What the append statement answers: the version it found, and the last event it wrote (if it did). */
interface AppendedRow {
  found: number;
  stream_version: number | null;
  transaction_id_text: string | null;
  global_position: string | null;
}

/**
 * The whole append as one statement (its own transaction): check the stream's version and insert
 * the events after it, in one round trip. When the version found is not the expected one ($6;
 * null for 'any') nothing is inserted and `found` tells the caller why. Racing writers that read
 * the same version meet the unique (stream_id, stream_version) key.
 */
const APPEND_SQL = `
  WITH current AS (
    SELECT coalesce(max(stream_version), -1) AS version FROM events WHERE stream_id = $1
  ), appended AS (
    INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
    SELECT $1, current.version + e.ordinal::integer, e.event_id, e.type, e.data, e.metadata
      FROM current, unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[])
           WITH ORDINALITY AS e(event_id, type, data, metadata, ordinal)
     WHERE $6::integer IS NULL OR current.version = $6::integer
     ORDER BY e.ordinal
    RETURNING stream_version, transaction_id, global_position
  ), last AS (
    SELECT stream_version, transaction_id::text AS transaction_id_text, global_position
      FROM appended ORDER BY stream_version DESC LIMIT 1
  )
  SELECT current.version AS found, last.stream_version, last.transaction_id_text, last.global_position
    FROM current LEFT JOIN last ON true`;

/**
 * The append of a command that writes rows with it (appendWriting): the events go in at the
 * versions after the one the command decided on ($6; -1 for a new stream), so a writer that got
 * there first meets the unique (stream_id, stream_version) key and the whole round trip (append
 * and rows) rolls back. No version check first: the key is the check.
 */
const APPEND_AT_SQL = `
  WITH appended AS (
    INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
    SELECT $1::text, $6::integer + e.ordinal::integer, e.event_id, e.type, e.data, e.metadata
      FROM unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(event_id, type, data, metadata, ordinal)
     ORDER BY e.ordinal
    RETURNING stream_version, transaction_id, global_position
  ), last AS (
    SELECT stream_version, transaction_id::text AS transaction_id_text, global_position
      FROM appended ORDER BY stream_version DESC LIMIT 1
  )
  SELECT $6::integer AS found, stream_version, transaction_id_text, global_position
    FROM last`;

export interface PostgresEventStoreOptions {
  poolSize?: number;
  /** How often subscribers read the log when no notification arrives. */
  fallbackPollMs?: number;
  /** A LISTEN connection shared with the rest of the process; the store opens its own without one. */
  listener?: PgListener;
}

/**
 * The default event store: one `events` table. Appends check the expected version and rely on
 * the unique (stream_id, stream_version) key when writers race. Readers of the global log order
 * by (transaction_id, global_position) and only look below the oldest transaction still running,
 * so an event whose transaction commits late is never skipped (Emmett's technique).
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly notifications: PgListener;
  private readonly ownsListener: boolean;
  private readonly announcer: Announcer;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly fallbackPollMs: number;
  private closed = false;

  constructor(connectionString: string, options: PostgresEventStoreOptions = {}) {
    this.pool = new Pool({
      connectionString,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    this.fallbackPollMs = options.fallbackPollMs ?? DEFAULT_FALLBACK_POLL_MS;
    // An idle pooled connection that dies (server restart) is replaced on the next query;
    // without a listener the pool's 'error' event would crash the process.
    this.pool.on('error', () => undefined);
    this.announcer = new Announcer(this.pool, EVENTS_CHANNEL);
    this.ownsListener = !options.listener;
    this.notifications = options.listener ?? new PgListener(connectionString);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to stream ${stream}`);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.appendOnce(stream, events, expected);
      } catch (error) {
        if (!isStreamVersionConflict(error)) throw error;
        if (expected === 'any' && attempt < ANY_VERSION_ATTEMPTS) continue;
        const actual = await streamVersion(this.pool, stream);
        throw new WrongExpectedVersionError(stream, expected, describeVersion(actual));
      }
    }
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_version`, [
      stream,
    ]);
    return rows.map(toRecordedEvent);
  }

  async readStreams(streams: readonly string[], only: StreamFilter = { streams: [], types: [] }): Promise<Map<string, RecordedEvent[]>> {
    const read = new Map<string, RecordedEvent[]>(streams.map((stream) => [stream, []]));
    if (streams.length === 0) return read;
    // The filtered streams' other events stay in the database: never sent, never parsed.
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE stream_id = ANY($1::text[]) AND (stream_id <> ALL($2::text[]) OR type = ANY($3::text[]))
        ORDER BY stream_id, stream_version`,
      [[...read.keys()], only.streams, only.types],
    );
    for (const row of rows) read.get(row.stream_id)?.push(toRecordedEvent(row));
    return read;
  }

  async readStreamsFrom(
    streams: readonly string[],
    only: StreamFilter = { streams: [], types: [] },
    snapshots: readonly SnapshotRead[],
    options: { heads?: boolean } = {},
  ): Promise<StreamsRead> {
    const events = new Map<string, RecordedEvent[]>(streams.map((stream) => [stream, []]));
    const found = new Map<string, StreamSnapshot>();
    const heads = new Map<string, number>();
    const wanted = snapshots.filter((snapshot) => events.has(snapshot.stream));
    if (events.size === 0) return { events, snapshots: found, heads };
    // One statement, so one database snapshot: each snapshot row and the events after its version
    // agree. A stream without a row is read whole (its version bound is -1). A snapshotted stream
    // is read by its own key range, after the snapshot's version: its earlier events are never
    // visited, so a long stream costs what its latest events cost.
    const snapshotted = new Set(wanted.map((snapshot) => snapshot.stream));
    const others = [...events.keys()].filter((name) => !snapshotted.has(name));
    const values: unknown[] = [others, only.streams, only.types, ...wanted.map((snapshot) => snapshot.stream)];
    const stream = (index: number) => `$${4 + index}::text`;
    // The snapshots' own parameters follow: the text is then the same for every bid, so each
    // pooled connection parses and plans it once (a named statement) instead of per command.
    const snapshotCtes = wanted.map(({ statement }, i) => {
      const sql = renumbered(statement.sql, values.length);
      values.push(...statement.values);
      return `snapshot_${i} AS (SELECT version::int AS version, state::jsonb AS state FROM (${sql}) s LIMIT 1)`;
    });
    const after = wanted.map(
      (_, i) => `UNION ALL SELECT ${EVENT_COLUMNS}, NULL FROM events
        WHERE stream_id = ${stream(i)} AND stream_version > coalesce((SELECT version FROM snapshot_${i}), -1)
          AND (stream_id <> ALL($2::text[]) OR type = ANY($3::text[]))`,
    );
    const rows = wanted.map(
      (_, i) => `UNION ALL SELECT NULL, ${stream(i)}, version, NULL, NULL, NULL, NULL, NULL, NULL, state FROM snapshot_${i}`,
    );
    // A filtered stream's last version of any type (each its own backward index probe), which its
    // filtered events do not tell: what a check that the stream has not moved on compares with.
    const headRows = !options.heads
      ? ''
      : `UNION ALL SELECT NULL, h.stream, (SELECT max(stream_version) FROM events WHERE stream_id = h.stream), '${HEAD_ROW}',
          NULL, NULL, NULL, NULL, NULL, NULL FROM unnest($2::text[]) AS h(stream) WHERE h.stream = ANY($1::text[])`;
    const text = `${snapshotCtes.length > 0 ? `WITH ${snapshotCtes.join(', ')}` : ''}
       SELECT ${EVENT_COLUMNS}, NULL::jsonb AS snapshot FROM events
        WHERE stream_id = ANY($1::text[]) AND (stream_id <> ALL($2::text[]) OR type = ANY($3::text[]))
       ${after.join('\n       ')}
       ${rows.join('\n       ')}
       ${headRows}
        ORDER BY stream_id, stream_version`;
    const { rows: read } = await this.pool.query<EventRow & { snapshot: unknown }>({ name: statementName(text), text, values });
    for (const row of read) {
      if (row.event_id !== null) events.get(row.stream_id)?.push(toRecordedEvent(row));
      else if (row.type === HEAD_ROW) heads.set(row.stream_id, row.stream_version ?? NO_STREAM_VERSION);
      else found.set(row.stream_id, { version: row.stream_version, state: row.snapshot });
    }
    return { events, snapshots: found, heads };
  }

  async readTimeline(streams: string[], limit: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY transaction_id, global_position LIMIT $2`,
      [streams, limit],
    );
    return rows.map(toRecordedEvent);
  }

  async readAll({ after = START, limit }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const [transactionId, globalPosition] = parsePosition(after);
    // Every transaction below the snapshot's xmin has finished, so nothing can still appear
    // before the last row returned: a reader resuming from it misses no late commit.
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
        ORDER BY transaction_id, global_position
        LIMIT $3`,
      [transactionId, globalPosition, limit ?? null],
    );
    return rows.map(toRecordedEvent);
  }

  async subscribe(
    after: Position,
    onEvent: (event: RecordedEvent) => Promise<void> | void,
    onError?: (error: Error) => void,
  ): Promise<Subscription> {
    if (this.closed) throw new Error('The event store is closed');
    // Fail now on a malformed position rather than in the background loop.
    parsePosition(after);
    const subscription = new PostgresSubscription({
      after,
      read: (options) => this.readAll(options),
      listen: (listener) => this.onNew(listener),
      fallbackPollMs: this.fallbackPollMs,
      onEvent,
      onError,
      onStopped: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  waitForNew(timeoutMs: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        stopListening();
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      const stopListening = this.onNew(finish);
    });
  }

  onNew(listener: (position: Position | null, appended?: Appended) => void): () => void {
    // Anyone may NOTIFY this channel; a payload that is not a position still means "look".
    return this.notifications.listen(EVENTS_CHANNEL, (payload) => {
      const notice = payload ? NOTICE.exec(payload)?.groups : undefined;
      if (!notice?.position || !POSITION.test(notice.position)) return listener(null);
      listener(notice.position, notice.stream === undefined ? undefined : { stream: notice.stream, version: Number(notice.version) });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    if (this.ownsListener) await this.notifications.close();
    await this.announcer.close();
    await this.pool.end();
  }

  async appendWriting(
    stream: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    writes: readonly SqlStatement[],
    alongside: readonly StreamAppend[] = [],
    unchanged: readonly StreamCheck[] = [],
  ): Promise<AppendWritten> {
    const appends = [{ stream, events, expected }, ...alongside];
    for (const append of appends) {
      if (append.events.length === 0) throw new RangeError(`Nothing to append to stream ${append.stream}`);
      if (append.expected === 'any')
        throw new RangeError(`An append that writes rows needs the version it decided on (stream ${append.stream})`);
    }
    // The checks first: a stream that moved on fails the round trip before anything is inserted.
    const checks = unchanged.length > 0 ? [{ sql: UNCHANGED_SQL, values: checkParameters(unchanged) }] : [];
    const statements = [
      ...checks,
      ...appends.map((append) => ({ sql: APPEND_AT_SQL, values: appendParameters(append.stream, append.events, append.expected) })),
      ...writes,
    ];
    let results: QueryResult[];
    try {
      // A few texts (the append and each read model's write), sent on every command: prepared
      // once per connection, so Postgres stops parsing and planning them per command.
      results = (await executePrepared(this.pool, statements)).slice(checks.length);
    } catch (error) {
      const changed = unchanged.find((check) => changedStream(error) === check.stream);
      if (changed)
        throw new WrongExpectedVersionError(
          changed.stream,
          changed.version,
          describeVersion(await streamVersion(this.pool, changed.stream)),
        );
      if (!isStreamVersionConflict(error)) throw error;
      const lost = appends.find((append) => conflictingStream(error) === append.stream) ?? appends[0];
      throw new WrongExpectedVersionError(lost.stream, lost.expected, describeVersion(await streamVersion(this.pool, lost.stream)));
    }
    const done = appends.map((append, i) => appended(append.stream, append.expected, results[i].rows));
    this.announcer.announce(appends.map((append, i) => notice(append.stream, done[i])));
    return {
      result: { ...done[0], position: done[done.length - 1].position },
      rows: results.slice(appends.length).map((answer) => answer.rows),
    };
  }

  async holdAppends(tx: SqlTransaction): Promise<void> {
    // EXCLUSIVE still lets everyone read the log; it waits for, and then blocks, every writer.
    await tx.query('LOCK TABLE events IN EXCLUSIVE MODE');
  }

  private async appendOnce(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    const { rows } = await this.pool.query<AppendedRow>(APPEND_SQL, appendParameters(stream, events, expected));
    const result = appended(stream, expected, rows);
    this.announcer.announce([notice(stream, result)]);
    return result;
  }
}

/** The streams a command decided on still end where it read them (the StreamChecks migration's function). */
const UNCHANGED_SQL = 'SELECT events_unchanged($1::text[], $2::integer[])';

function checkParameters(checks: readonly StreamCheck[]): unknown[] {
  return [checks.map((check) => check.stream), checks.map((check) => check.version)];
}

function appendParameters(stream: string, events: NewEvent[], expected: ExpectedVersion): unknown[] {
  const wanted = expected === 'any' ? null : expected === 'no_stream' ? NO_STREAM_VERSION : expected;
  return [
    stream,
    events.map((event) => event.id ?? randomUUID()),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data ?? null)),
    events.map((event) => JSON.stringify(event.metadata ?? {})),
    wanted,
  ];
}

/** What the append statement answered, or the version conflict it found. */
function appended(stream: string, expected: ExpectedVersion, rows: unknown): AppendResult {
  const [row] = rows as AppendedRow[];
  if (row.stream_version === null) throw new WrongExpectedVersionError(stream, expected, describeVersion(row.found));
  return { next_expected_version: row.stream_version, position: `${row.transaction_id_text}:${row.global_position}` };
}

/** What listeners hear of a committed append (EVENTS_CHANNEL's payload). */
function notice(stream: string, result: AppendResult): string {
  return `${result.position} ${result.next_expected_version} ${stream}`;
}

interface SubscriptionParams {
  after: Position;
  read: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  listen: (listener: (position: Position | null) => void) => () => void;
  fallbackPollMs: number;
  onEvent: (event: RecordedEvent) => Promise<void> | void;
  onError?: (error: Error) => void;
  onStopped: () => void;
}

/**
 * Catches up with readAll, then follows the log: a notification wakes it, and while a notified
 * position has not been read yet (an older open transaction holds it back) it re-reads every
 * HELD_BACK_RETRY_MS. Without notifications it still polls every `fallbackPollMs`.
 */
class PostgresSubscription implements Subscription {
  private cursor: Position;
  /** The furthest position a notification announced. */
  private announced: Position = START;
  private closed = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private readonly stopListening: () => void;
  private readonly following: Promise<void>;

  constructor(private readonly params: SubscriptionParams) {
    this.cursor = params.after;
    this.stopListening = params.listen((position) => this.notified(position));
    this.following = this.follow().finally(() => {
      this.stopListening();
      params.onStopped();
    });
  }

  /** Waits for the event being handled; awaiting it from inside onEvent would deadlock. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await this.following;
  }

  private async follow(): Promise<void> {
    while (!this.closed) {
      const batch = await this.params.read({ after: this.cursor, limit: CATCH_UP_BATCH }).catch(() => null);
      if (!batch) {
        // The pool reconnects by itself; keep trying at the fallback pace.
        await this.pause(this.params.fallbackPollMs);
        continue;
      }
      for (const event of batch) {
        if (this.closed) return;
        try {
          await this.params.onEvent(event);
        } catch (error) {
          this.closed = true;
          this.params.onError?.(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        this.cursor = event.position;
      }
      if (batch.length === CATCH_UP_BATCH) continue;
      await this.pause(this.isBehind() ? HELD_BACK_RETRY_MS : this.params.fallbackPollMs);
    }
  }

  private isBehind(): boolean {
    return comparePositions(this.cursor, this.announced) < 0;
  }

  private notified(position: Position | null): void {
    if (position && comparePositions(position, this.announced) > 0) this.announced = position;
    this.wake();
  }

  private wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  private pause(ms: number): Promise<void> {
    if (this.woken || this.closed) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wakeUp?.(), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
    });
  }
}

async function streamVersion(db: Pool, stream: string): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    'SELECT coalesce(max(stream_version), $2) AS version FROM events WHERE stream_id = $1',
    [stream, NO_STREAM_VERSION],
  );
  return rows[0].version;
}

function describeVersion(version: number): number | 'no_stream' {
  return version === NO_STREAM_VERSION ? 'no_stream' : version;
}

/** The stream a unique-key violation names: "Key (stream_id, stream_version)=(bid-..., 3) already exists." */
function conflictingStream(error: unknown): string | undefined {
  const { detail } = error as { detail?: string };
  return detail ? /^Key \(stream_id, stream_version\)=\((.+), -?\d+\) already exists/.exec(detail)?.[1] : undefined;
}

/** The stream events_unchanged found moved on, if that is the error. */
function changedStream(error: unknown): string | undefined {
  const { code, hint, detail } = error as { code?: string; hint?: string; detail?: string };
  return code === '40001' && hint === 'events_unchanged' ? detail : undefined;
}

/** A racing writer committed the same stream version between our check and our insert. */
function isStreamVersionConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'events_stream_version_unique';
}

function parsePosition(position: Position): [string, string] {
  const match = POSITION.exec(position);
  if (!match) throw new RangeError(`Not an event store position: "${position}"`);
  return [match[1], match[2]];
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    stream: row.stream_id,
    version: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: `${row.transaction_id_text}:${row.global_position}`,
    global_position: row.global_position,
    created_at: row.created_at,
  };
}
