import {
  ANY,
  AppendExpectedRevision,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  jsonEvent,
  JSONType,
  NO_STREAM,
  Position as EsdbPosition,
  ReadPosition,
  ResolvedEvent,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';
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
  StreamFilter,
  Subscription,
  WrongExpectedVersionError,
} from './event-store.port';

/** System events are filtered client-side when reading $all, so it is read in pages. */
const READ_ALL_PAGE = 500;

/** EventStoreDB positions are (commit, prepare) pairs; ours are "commit:prepare". */
export function encodePosition(position: EsdbPosition): Position {
  return `${position.commit}:${position.prepare}`;
}

export function decodePosition(position: Position): EsdbPosition {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new RangeError(`Not an event store position: "${position}"`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

/**
 * The EventStoreDB adapter: the same contract as the Postgres store. EventStoreDB's own $all
 * order is already total and never has late commits, so positions map one to one.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly waiters = new Set<(position: Position | null) => void>();
  private readonly subscriptions = new Set<Subscription>();
  /** One live subscription from END wakes every waitForNew caller. */
  private live: ReturnType<EventStoreDBClient['subscribeToAll']> | null = null;
  private closed = false;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to stream ${stream}`);
    try {
      const result = await this.client.appendToStream(stream, events.map(toEventData), {
        expectedRevision: toExpectedRevision(expected),
      });
      if (!result.position) throw new Error('EventStoreDB did not report the position of the append');
      return {
        next_expected_version: Number(result.nextExpectedRevision),
        position: encodePosition(result.position),
      };
    } catch (error) {
      if (!(error instanceof EsdbWrongExpectedVersionError)) throw error;
      const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
      throw new WrongExpectedVersionError(stream, expected, actual);
    }
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream)) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readStreams(streams: readonly string[], only?: StreamFilter): Promise<Map<string, RecordedEvent[]>> {
    const read = await Promise.all(
      streams.map(async (stream) => {
        const events = await this.readStream(stream);
        return [stream, only?.streams.includes(stream) ? events.filter((event) => only.types.includes(event.type)) : events] as const;
      }),
    );
    return new Map(read);
  }

  /** EventStoreDB has no read over a set of streams: each is read, then they are merged. */
  async readTimeline(streams: string[], limit: number): Promise<RecordedEvent[]> {
    const each = await Promise.all(streams.map((stream) => this.readStream(stream)));
    return each
      .flat()
      .sort((a, b) => comparePositions(a.position, b.position))
      .slice(0, limit);
  }

  async readAll({ after = START, limit = Infinity }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let cursor = after;
    for (;;) {
      const page = await this.readPage(cursor);
      for (const resolved of page) {
        const position = encodePosition(positionOf(resolved));
        // A read from a position includes the event at that position.
        if (comparePositions(position, cursor) <= 0) continue;
        cursor = position;
        const event = toRecordedEvent(resolved);
        if (!event) continue;
        if (events.length >= limit) return events;
        events.push(event);
      }
      if (page.length < READ_ALL_PAGE) return events;
    }
  }

  async subscribe(
    after: Position,
    onEvent: (event: RecordedEvent) => Promise<void> | void,
    onError?: (error: Error) => void,
  ): Promise<Subscription> {
    if (this.closed) throw new Error('The event store is closed');
    const source = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: excludeSystemEvents(),
    });
    let stopping = false;
    const deliver = async () => {
      for await (const resolved of source) {
        if (stopping) return;
        const event = toRecordedEvent(resolved);
        // Subscribing from a position excludes it already; the check keeps that independent of the server.
        if (event && comparePositions(event.position, after) > 0) await onEvent(event);
      }
    };
    const delivering = deliver().catch((error: unknown) => {
      if (!stopping) onError?.(error instanceof Error ? error : new Error(String(error)));
    });
    const subscription: Subscription = {
      close: async () => {
        stopping = true;
        this.subscriptions.delete(subscription);
        await source.unsubscribe();
        // Ends the local stream too, so the delivery loop stops even if the server never answers.
        source.destroy();
        await delivering;
      },
    };
    // A failed handler or a dropped connection ends the delivery; release the server side too.
    void delivering.then(() => (stopping ? undefined : subscription.close()));
    this.subscriptions.add(subscription);
    return subscription;
  }

  waitForNew(timeoutMs: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.followLive();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      this.waiters.add(finish);
    });
  }

  onNew(listener: (position: Position | null) => void): () => void {
    if (this.closed) return () => undefined;
    this.followLive();
    this.waiters.add(listener);
    return () => this.waiters.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.live?.unsubscribe();
    this.wakeWaiters(null);
    await this.client.dispose();
  }

  private async readPage(from: Position): Promise<ResolvedEvent[]> {
    const page: ResolvedEvent[] = [];
    const reading = this.client.readAll({ fromPosition: toReadPosition(from), maxCount: READ_ALL_PAGE });
    for await (const resolved of reading) page.push(resolved);
    return page;
  }

  private followLive(): void {
    if (this.live) return;
    const live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.live = live;
    // Until the subscription is confirmed, appends may go unnoticed: let waiters look for themselves.
    live.on('confirmation', () => this.wakeWaiters(null));
    live.on('data', (resolved: ResolvedEvent) => this.wakeWaiters(toRecordedEvent(resolved)?.position ?? null));
    // Once it drops, waiters fall back on their timeout and the next waitForNew subscribes again;
    // lasting listeners (onNew) get a new subscription after a second.
    const dropped = () => {
      if (this.live !== live) return;
      this.live = null;
      if (!this.closed) setTimeout(() => !this.closed && this.waiters.size > 0 && this.followLive(), 1000).unref();
    };
    live.on('error', dropped);
    live.on('close', dropped);
  }

  private wakeWaiters(position: Position | null): void {
    for (const waiter of [...this.waiters]) waiter(position);
  }
}

function toReadPosition(position: Position): ReadPosition {
  return position === START ? ESDB_START : decodePosition(position);
}

function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: (event.data ?? null) as JSONType,
    metadata: (event.metadata ?? {}) as JSONType,
  });
}

function isSystem(name: string): boolean {
  return name.startsWith('$');
}

function positionOf(resolved: ResolvedEvent): EsdbPosition {
  const position = resolved.event?.position ?? resolved.link?.position;
  if (!position) throw new Error('EventStoreDB older than 22.6 does not report event positions');
  return position;
}

/** Null for what the port does not expose: system events and links whose target is gone. */
function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || isSystem(event.type) || isSystem(event.streamId)) return null;
  const position = positionOf(resolved);
  return {
    id: event.id,
    stream: event.streamId,
    version: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: isMetadata(event.metadata) ? event.metadata : {},
    position: encodePosition(position),
    global_position: position.prepare.toString(),
    created_at: event.created,
  };
}

function isMetadata(value: unknown): value is EventMetadata {
  if (typeof value !== 'object' || value === null) return false;
  return !Array.isArray(value) && !(value instanceof Uint8Array);
}
