import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, Config } from '../config/config';
import type { StreamDecider } from '../domain/shared/decider';
import type { AnyEvent } from '../domain/shared/events';
import {
  AppendResult,
  EVENT_STORE,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  Position,
  RecordedEvent,
  SnapshotRead,
  StreamAppend,
  StreamFilter,
  StreamSnapshot,
  WrongExpectedVersionError,
} from '../eventstore';
import type { Push } from '../realtime/realtime.events';
import type { InlineProjection } from './read-models/inline-projection';
import { ProjectionRunner } from './read-models/projection-runner';
import { ReactorRunner } from './reactors/reactor-runner';

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  position: Position | null;
  /** The realtime pushes of the rows written inline (already sent): the views the caller's rooms received. */
  pushes: readonly Push[];
}

/** A stream's state and the version it was read at, for appending what was decided on it. */
export interface StreamState<State> {
  state: State;
  expected: Exclude<ExpectedVersion, 'any'>;
}

export const ATTEMPTS = 3;

/**
 * Events a command also appends to other streams it decided on, given its own outcome (the
 * posting a bid connects on counts the connection): one transaction, each stream checked at the
 * version the caller read. A conflict on one of those streams is not retried here: the caller
 * decided on its state and must read it again.
 */
export type Alongside<State, Event> = (state: State, events: Event[]) => StreamAppend[];

/**
 * Streams a command read together up front (one round trip): loads and the first attempt fold
 * from it instead of reading each stream again. Streams missing from it are read as usual. A
 * stream with a snapshot comes with only its events after the snapshot's version.
 */
export interface Prefetched {
  events: ReadonlyMap<string, RecordedEvent[]>;
  snapshots: ReadonlyMap<string, StreamSnapshot>;
}

type Folding<State, Event extends AnyEvent> = Pick<
  StreamDecider<State, never, Event>,
  'initialState' | 'evolve' | 'isEvent' | 'fromSnapshot'
>;

/**
 * Runs one command against one stream: load, decide, append with the expected version, then
 * wait (bounded) for the read models the events touch, so the caller reads its own write.
 * Read models the command writes inline (in the append's transaction) need no wait.
 * A concurrent append is retried against the fresh state, where the decider either accepts the
 * command again or refuses it with a domain error; after the attempts run out it surfaces as 409.
 */
@Injectable()
export class CommandBus {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    private readonly projections: ProjectionRunner,
    private readonly reactors: ReactorRunner,
  ) {}

  async handle<State, Command, Event extends AnyEvent>(
    stream: string,
    decider: StreamDecider<State, Command, Event>,
    command: Command,
    metadata: EventMetadata,
    prefetched?: Prefetched,
    inline: readonly InlineProjection<State>[] = [],
    alongside?: Alongside<State, Event>,
  ): Promise<CommandResult<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      try {
        // Only the first attempt may use what was read up front: a retry needs the fresh stream.
        const known = attempt === 1 ? prefetched : undefined;
        return await this.attempt(stream, decider, command, metadata, known, inline, alongside);
      } catch (error) {
        // Another stream's state is the caller's to read again (the command was decided on it).
        const retried = error instanceof WrongExpectedVersionError && error.stream === stream;
        if (!retried || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Reads several streams in one round trip, for loads and a command that follow; `only`: streams
   * that are only folded for a few facts, read with just the events that decide them (never
   * appended to from this read); `snapshots`: where a read model keeps some of these streams'
   * states at a version, so that only the events after it are read (a store that cannot read
   * them in the same round trip reads those streams whole).
   */
  async prefetch(streams: readonly string[], only?: StreamFilter, snapshots: readonly SnapshotRead[] = []): Promise<Prefetched> {
    const unique = [...new Set(streams)];
    if (snapshots.length > 0 && this.store.readStreamsFrom) return this.store.readStreamsFrom(unique, only, snapshots);
    return { events: await this.store.readStreams(unique, only), snapshots: new Map() };
  }

  /** The current state of a stream, folded with its decider (for checks before a command). */
  async load<State, Event extends AnyEvent>(stream: string, decider: Folding<State, Event>, prefetched?: Prefetched): Promise<State> {
    return (await this.read(stream, decider, prefetched)).state;
  }

  /** The state of a stream with its version, for a command that decides on two streams at once. */
  async read<State, Event extends AnyEvent>(
    stream: string,
    decider: Folding<State, Event>,
    prefetched?: Prefetched,
  ): Promise<StreamState<State>> {
    const known = prefetched?.events.get(stream);
    const fromSnapshot = known && this.fromSnapshot(stream, decider, known, prefetched!);
    if (fromSnapshot) return fromSnapshot;
    // Without a usable snapshot a stream read after one is read again whole.
    const records = known && !prefetched?.snapshots.has(stream) ? known : await this.store.readStream(stream);
    const state = records.filter(decider.isEvent).reduce<State>(decider.evolve, decider.initialState());
    return { state, expected: records.length === 0 ? 'no_stream' : records.length - 1 };
  }

  /**
   * The state folded from the stream's snapshot and the events after it, exactly as a fold of the
   * whole stream would give it; null when there is no snapshot, the decider does not take it
   * (another state shape) or the events do not follow on from its version.
   */
  private fromSnapshot<State, Event extends AnyEvent>(
    stream: string,
    decider: Folding<State, Event>,
    after: RecordedEvent[],
    prefetched: Prefetched,
  ): StreamState<State> | null {
    const snapshot = prefetched.snapshots.get(stream);
    const base = snapshot && decider.fromSnapshot?.(snapshot.state);
    if (!snapshot || !base) return null;
    if (after.some((event, index) => event.version !== snapshot.version + 1 + index)) return null;
    const state = after.filter(decider.isEvent).reduce<State>(decider.evolve, base);
    return { state, expected: snapshot.version + after.length };
  }

  /** Appends events decided elsewhere (e.g. registration) and waits for the read models. */
  async append(stream: string, events: AnyEvent[], expected: ExpectedVersion, metadata: EventMetadata): Promise<Position> {
    const result = await this.store.append(
      stream,
      events.map((event) => ({ ...event, metadata })),
      expected,
    );
    await this.settle(result.position, events);
    return result.position;
  }

  private async attempt<State, Command, Event extends AnyEvent>(
    stream: string,
    decider: StreamDecider<State, Command, Event>,
    command: Command,
    metadata: EventMetadata,
    prefetched: Prefetched | undefined,
    inline: readonly InlineProjection<State>[],
    alongside: Alongside<State, Event> | undefined,
  ): Promise<CommandResult<State, Event>> {
    const { state, expected } = await this.read(stream, decider, prefetched);
    const events = decider.decide(command, state);
    const next = events.reduce(decider.evolve, state);
    if (events.length === 0) return { state: next, events, position: null, pushes: [] };
    // A store that cannot append to two streams at once leaves those events to a reactor.
    const also = this.store.appendWriting ? this.withMetadata(alongside?.(next, events) ?? [], metadata) : [];
    const written = this.store.appendWriting ? inline : [];
    const projected = written.length > 0 ? { ...metadata, projected_inline: written.map((projection) => projection.projection) } : metadata;
    const recorded = events.map((event) => ({ ...event, metadata: projected }));
    const { result, pushes } =
      written.length > 0 || also.length > 0
        ? await this.appendInline(stream, recorded, expected, next, written, also)
        : { result: await this.store.append(stream, recorded, expected), pushes: [] };
    await this.settle(
      result.position,
      events,
      written.map((projection) => projection.projection),
      also.flatMap((append) => append.events),
    );
    return { state: next, events, position: result.position, pushes };
  }

  private withMetadata(appends: StreamAppend[], metadata: EventMetadata): StreamAppend[] {
    return appends.map((append) => ({ ...append, events: append.events.map((event) => ({ ...event, metadata })) }));
  }

  /** Appends and writes the inline read rows in one transaction; their pushes leave once it committed. */
  private async appendInline<State>(
    stream: string,
    events: NewEvent[],
    expected: Exclude<ExpectedVersion, 'any'>,
    state: State,
    inline: readonly InlineProjection<State>[],
    alongside: readonly StreamAppend[],
  ): Promise<{ result: AppendResult; pushes: Push[] }> {
    const change = { state, version: (expected === 'no_stream' ? -1 : expected) + events.length };
    const writes = inline.map((projection) => projection.write(change)).filter((write) => write !== null);
    const { result, rows } = await this.store.appendWriting!(
      stream,
      events,
      expected,
      writes.flatMap((write) => write.statements),
      alongside,
    );
    // Each write's pushes from the rows of its own statements, in the order they were sent.
    let next = 0;
    const pushes = writes.flatMap((write) => write.pushes(rows.slice(next, (next += write.statements.length))));
    this.projections.publish(pushes);
    return { result, pushes };
  }

  /**
   * Kicks the reactors and waits for the read models the events touch that were not written
   * inline; `alongside`: events on other streams, which no inline projection wrote.
   */
  private async settle(
    position: Position,
    events: AnyEvent[],
    writtenInline: readonly string[] = [],
    alongside: AnyEvent[] = [],
  ): Promise<void> {
    this.reactors.kick(position);
    const timeout = this.config.READ_YOUR_WRITES_TIMEOUT_MS;
    const types = (list: AnyEvent[]) => list.map((event) => event.type);
    await Promise.all([
      this.projections.waitFor(position, types(events), timeout, writtenInline),
      alongside.length > 0 && this.projections.waitFor(position, types(alongside), timeout),
    ]);
  }
}
