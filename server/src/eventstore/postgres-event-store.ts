import { randomUUID } from 'node:crypto';
import { Client, Pool, PoolClient } from 'pg';
import {
  AppendResult,
  comparePositions,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  Position,
  ReadAllOptions,
  RecordedEvent,
  START,
  Subscription,
  WrongExpectedVersionError,
} from './event-store.port';

/** Appends notify this channel at commit; the payload is the position of the last event written. */
export const EVENTS_CHANNEL = 'tenens_events';
/** Names the LISTEN connection in pg_stat_activity, so operators (and tests) can find it. */
export const LISTENER_APPLICATION_NAME = 'tenens-event-listener';

const CATCH_UP_BATCH = 500;
/** A notified event may still be hidden behind an older open transaction: look again soon. */
const HELD_BACK_RETRY_MS = 20;
/** Bounds what a lost notification (or a failed read) costs a subscriber. */
const DEFAULT_FALLBACK_POLL_MS = 1000;
const LISTENER_RECONNECT_MS = 1000;
/** 'any' skips the check, so losing a race only means writing again on top of the winner. */
const ANY_VERSION_ATTEMPTS = 10;
const NO_STREAM_VERSION = -1;
const CONNECT_TIMEOUT_MS = 5000;
/** "transactionId:globalPosition" */
const POSITION = /^(\d+):(\d+)$/;

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

interface AppendedRow {
  stream_version: number;
  transaction_id_text: string;
  global_position: string;
}

export interface PostgresEventStoreOptions {
  poolSize?: number;
  /** How often subscribers read the log when no notification arrives. */
  fallbackPollMs?: number;
}

/**
 * The default event store: one `events` table. Appends check the expected version and rely on
 * the unique (stream_id, stream_version) key when writers race. Readers of the global log order
 * by (transaction_id, global_position) and only look below the oldest transaction still running,
 * so an event whose transaction commits late is never skipped (Emmett's technique).
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly notifications: Notifications;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly fallbackPollMs: number;
  private closed = false;

  constructor(connectionString: string, options: PostgresEventStoreOptions = {}) {
    this.pool = new Pool({
      connectionString,
      max: options.poolSize ?? 5,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    this.fallbackPollMs = options.fallbackPollMs ?? DEFAULT_FALLBACK_POLL_MS;
    // An idle pooled connection that dies (server restart) is replaced on the next query;
    // without a listener the pool's 'error' event would crash the process.
    this.pool.on('error', () => undefined);
    this.notifications = new Notifications(connectionString);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to stream ${stream}`);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inTransaction((client) => this.appendWithin(client, stream, events, expected));
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
      notifications: this.notifications,
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
      const stopListening = this.notifications.listen(finish);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.notifications.close();
    await this.pool.end();
  }

  private async appendWithin(client: PoolClient, stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    const current = await streamVersion(client, stream);
    checkExpectedVersion(stream, expected, current);
    const { rows } = await client.query<AppendedRow>(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
       SELECT $1, $2::integer + e.ordinal::integer, e.event_id, e.type, e.data, e.metadata
         FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
              WITH ORDINALITY AS e(event_id, type, data, metadata, ordinal)
        ORDER BY e.ordinal
       RETURNING stream_version, transaction_id::text AS transaction_id_text, global_position`,
      [
        stream,
        current,
        events.map((event) => event.id ?? randomUUID()),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data ?? null)),
        events.map((event) => JSON.stringify(event.metadata ?? {})),
      ],
    );
    const last = rows.reduce((a, b) => (a.stream_version > b.stream_version ? a : b));
    const position = `${last.transaction_id_text}:${last.global_position}`;
    // NOTIFY is transactional: listeners hear of the events only once they are committed.
    await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, position]);
    return { next_expected_version: last.stream_version, position };
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not returned to the pool.
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

type NotificationListener = (position: Position | null) => void;

/**
 * One LISTEN connection shared by a store's subscribers and waiters. Listeners get the notified
 * position, or null when the connection was (re)established: notifications sent while nobody
 * listened are lost, so everyone should look for themselves.
 */
class Notifications {
  private readonly listeners = new Set<NotificationListener>();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  listen(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    this.start();
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = null;
    // Waiters must not sit out their timeout on a closed store.
    this.announce(null);
    this.listeners.clear();
    await client?.end().catch(() => undefined);
  }

  private start(): void {
    if (this.closed || this.client || this.connecting || this.retry) return;
    this.connecting = this.connect().finally(() => (this.connecting = null));
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    // Anyone may NOTIFY this channel; a payload that is not a position still means "look".
    client.on('notification', ({ payload }) => {
      this.announce(payload && POSITION.test(payload) ? payload : null);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch {
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.announce(null);
  }

  private dropped(client: Client): void {
    if (client !== this.client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start();
    }, LISTENER_RECONNECT_MS);
  }

  private announce(position: Position | null): void {
    for (const listener of [...this.listeners]) listener(position);
  }
}

interface SubscriptionParams {
  after: Position;
  read: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  notifications: Notifications;
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
    this.stopListening = params.notifications.listen((position) => this.notified(position));
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

async function streamVersion(db: Pool | PoolClient, stream: string): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    'SELECT coalesce(max(stream_version), $2) AS version FROM events WHERE stream_id = $1',
    [stream, NO_STREAM_VERSION],
  );
  return rows[0].version;
}

function checkExpectedVersion(stream: string, expected: ExpectedVersion, current: number): void {
  if (expected === 'any') return;
  const wanted = expected === 'no_stream' ? NO_STREAM_VERSION : expected;
  if (wanted !== current) throw new WrongExpectedVersionError(stream, expected, describeVersion(current));
}

function describeVersion(version: number): number | 'no_stream' {
  return version === NO_STREAM_VERSION ? 'no_stream' : version;
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
