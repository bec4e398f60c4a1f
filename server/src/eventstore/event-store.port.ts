/**
 * The event store port. Everything that writes or reads the log goes through this interface;
 * the Postgres adapter is the default and the EventStoreDB adapter passes the same contract suite.
 */

/** Who caused an event: a user acting as applicant, facility member or admin, or the system. */
export interface EventActor {
  user_id: string | null;
  /** 'applicant' | 'facility' | 'admin' | 'system' */
  side: 'applicant' | 'facility' | 'admin' | 'system';
  /** Display name at the time of the event, kept so histories read well after renames. */
  name: string | null;
}

export interface EventMetadata {
  actor?: EventActor;
  /** Correlates the events of one command. */
  correlation_id?: string;
  /** The read models the appending command wrote in the append's own transaction (see InlineProjection). */
  projected_inline?: readonly string[];
  [key: string]: unknown;
}

/** An event to append. `id` is optional; the store assigns a uuid when it is missing. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id?: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

/**
 * A position in the global log. Ordering is by (transactionId, globalPosition) in the Postgres
 * adapter: a transaction that commits late still sorts after everything readers already saw.
 * Adapters encode positions as opaque strings comparable with `comparePositions`.
 */
export type Position = string;

export const START: Position = '0:0';

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  stream: string;
  /** 0-based version of the event within its stream. */
  version: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  position: Position;
  /** Monotonic global sequence number, useful for display and de-duplication. */
  global_position: string;
  created_at: Date;
}

/**
 * Expected version for optimistic concurrency:
 * - 'no_stream': the stream must not exist yet;
 * - 'any': no check;
 * - a number: the version of the last event in the stream (0-based), i.e. stream length - 1.
 */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Version of the last appended event in its stream. */
  next_expected_version: number;
  /** Position of the last appended event in the global log. */
  position: Position;
}

export interface ReadAllOptions {
  /** Read events strictly after this position. */
  after?: Position;
  limit?: number;
}

export interface Subscription {
  close(): Promise<void>;
}

/** A database transaction another part of the application runs (e.g. a TypeORM EntityManager). */
/** Some streams of a read, with only these event types. */
export interface StreamFilter {
  streams: readonly string[];
  types: readonly string[];
}

/** One parameterized statement ($1, $2, ... in `sql`). */
export interface SqlStatement {
  sql: string;
  values: readonly unknown[];
}

/** Events for one stream at the version after `expected`. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expected: Exclude<ExpectedVersion, 'any'>;
}

/**
 * Where a read model keeps a stream's state as folded at a version (a snapshot): a statement
 * answering at most one row, `version` (the stream version the state reached) and `state` (as
 * JSON). The read model must write that row only from an exact fold of the stream up to that
 * version, and filter out rows of an older state shape.
 */
export interface SnapshotRead {
  stream: string;
  statement: SqlStatement;
}

/**
 * A stream a command decided on without appending to it: the append commits only if the stream
 * has no event after `version` (-1: no event at all), else it fails with WrongExpectedVersionError
 * naming this stream and nothing is written.
 */
export interface StreamCheck {
  stream: string;
  version: number;
}

/** A stream's state at a version, as a snapshot row holds it. */
export interface StreamSnapshot {
  version: number;
  state: unknown;
}

/** Streams read after their snapshots: a snapshotted stream's events are only those after its snapshot's version. */
export interface StreamsRead {
  events: Map<string, RecordedEvent[]>;
  snapshots: Map<string, StreamSnapshot>;
  /** Asked for (`heads`): of the streams read with a filter (`only`), each one's last version of any type (-1: none). */
  heads?: Map<string, number>;
}

/** What a notification of new events tells, besides their position: the stream appended to and its version now. */
export interface Appended {
  stream: string;
  version: number;
}

/** An append with statements: where the events went, and the rows each statement returned. */
export interface AppendWritten {
  result: AppendResult;
  rows: unknown[][];
}

export interface SqlTransaction {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface EventStore {
  append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  /**
   * The same append and, in its transaction, the caller's statements on the store's own database
   * (inline projections), so the rows commit with the events or not at all. Where the store
   * allows, append and statements travel in one round trip. `expected` must be a version (or
   * 'no_stream'): a concurrent writer surfaces as WrongExpectedVersionError with nothing written.
   * Answers the rows each statement returned, in order. `alongside`: events the same command
   * appends to other streams it decided on, in the same transaction and with the same check (the
   * result's position is then the last of them). `unchanged`: streams the command decided on
   * without appending to them, checked in the same transaction (see StreamCheck). Stores in
   * another database do not offer it.
   */
  appendWriting?(
    stream: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    writes: readonly SqlStatement[],
    alongside?: readonly StreamAppend[],
    unchanged?: readonly StreamCheck[],
  ): Promise<AppendWritten>;
  /**
   * Offered with appendWriting: waits for every append in progress to commit or roll back, then
   * holds new ones back until `tx` ends. A rebuild's swap takes it so that no command is halfway
   * through writing rows inline into the tables being replaced.
   */
  holdAppends?(tx: SqlTransaction): Promise<void>;
  /** All events of a stream in version order; an empty array when the stream does not exist. */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /**
   * Several streams at once (one round trip where the store allows): each in version order, []
   * when missing. Streams in `only.streams` come with just the events of `only.types`: enough to
   * fold what the caller needs of a long stream (their versions then tell nothing about appends).
   */
  readStreams(streams: readonly string[], only?: StreamFilter): Promise<Map<string, RecordedEvent[]>>;
  /**
   * The same read, with each snapshot row in the same statement (one database snapshot, so the
   * row and the events after its version are consistent): a stream whose snapshot row exists
   * comes with only the events after its version, and that row in `snapshots`; without a row the
   * stream comes whole. `heads`: also each filtered stream's last version (see StreamsRead).
   * Stores in another database than the read models do not offer it.
   */
  readStreamsFrom?(
    streams: readonly string[],
    only: StreamFilter | undefined,
    snapshots: readonly SnapshotRead[],
    options?: { heads?: boolean },
  ): Promise<StreamsRead>;
  /**
   * The first `limit` events of several streams together, in log order (each stream's events a
   * prefix of it): a timeline over many streams in one read, bounded.
   */
  readTimeline(streams: string[], limit: number): Promise<RecordedEvent[]>;
  /**
   * Events of the global log after `after`, in stable order, never skipping an event whose
   * transaction commits late (it will be returned by a later call, after everything before it).
   */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Calls `onEvent` for every event after `after`, first catching up, then live. Events are
   * delivered one at a time, in readAll order; a rejected promise from onEvent stops the
   * subscription and is passed to `onError`.
   */
  subscribe(
    after: Position,
    onEvent: (event: RecordedEvent) => Promise<void> | void,
    onError?: (error: Error) => void,
  ): Promise<Subscription>;
  /**
   * Resolves when there may be new events (a notification from the store), or after
   * `timeoutMs`. Used by pollers that keep their own checkpoints (projections, reactors).
   */
  waitForNew(timeoutMs: number): Promise<void>;
  /**
   * Calls `listener` whenever there may be new events: with the position of the last event of an
   * append when the store knows it, or null ("look for yourself", e.g. after a reconnection,
   * when notifications may have been missed), and the stream it appended to where the store
   * tells. Returns a function that stops listening. Followers that must not poll use this.
   */
  onNew(listener: (position: Position | null, appended?: Appended) => void): () => void;
  close(): Promise<void>;
}

/** The expected version did not match: someone else changed the stream first. */
export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream} was changed concurrently (expected ${expected}, found ${actual})`);
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * Compares two positions of the same adapter: negative when a < b, 0 when equal. Followers
 * compare every event of a pass with each read model's checkpoint, so the numbers (which may
 * exceed 2^53) are compared as digit strings rather than parsed.
 */
export function comparePositions(a: Position, b: Position): number {
  const aColon = a.indexOf(':');
  const bColon = b.indexOf(':');
  return compareDigits(a, 0, aColon, b, 0, bColon) || compareDigits(a, aColon + 1, a.length, b, bColon + 1, b.length);
}

/**
 * Two unsigned decimal integers, each a range of its string, compared in place (a pass compares
 * thousands, and copies of them were garbage): past leading zeros the longer is larger, else the
 * first differing digit decides.
 */
function compareDigits(a: string, aFrom: number, aTo: number, b: string, bFrom: number, bTo: number): number {
  while (aFrom < aTo - 1 && a.charCodeAt(aFrom) === ZERO) aFrom++;
  while (bFrom < bTo - 1 && b.charCodeAt(bFrom) === ZERO) bFrom++;
  if (aTo - aFrom !== bTo - bFrom) return aTo - aFrom < bTo - bFrom ? -1 : 1;
  for (; aFrom < aTo; aFrom++, bFrom++) {
    const difference = a.charCodeAt(aFrom) - b.charCodeAt(bFrom);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

const ZERO = '0'.charCodeAt(0);

export const EVENT_STORE = Symbol('EVENT_STORE');
