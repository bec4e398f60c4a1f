import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, Config } from '../config/config';
import type { StreamDecider } from '../domain/shared/decider';
import { DomainError } from '../domain/shared/errors';
import type { AnyEvent } from '../domain/shared/events';
import {
  Appended,
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
  StreamCheck,
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

/** How many streams' states are kept between commands (a few MB at most); all are forgotten when full. */
const KEPT_STATES = 10_000;

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
  /** Of the streams read with a filter, the version of each one's last event of any type. */
  heads?: ReadonlyMap<string, number>;
  /** States kept from earlier commands, used instead of reading those streams (see CommandBus.prefetch). */
  kept?: ReadonlyMap<string, KeptState>;
  /** Every stream folded from this read and the version it stood at: checked at the command's append. */
  decidedOn?: Map<string, number>;
}

/** A stream's state as a command of this instance last read or decided it. */
interface KeptState {
  read: StreamState<unknown>;
  /** The stream's last version when folded (of any type, for a filtered read). */
  version: number;
  /** The decider that folded it: another fold of the same stream is read afresh. */
  decider: object;
  /** Folded from a filtered read (only some event types): good only for a read filtered the same way. */
  filtered: boolean;
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
export class CommandBus implements OnModuleDestroy {
  private readonly kept = new Map<string, KeptState>();
  private stopHearing: (() => void) | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    private readonly projections: ProjectionRunner,
    private readonly reactors: ReactorRunner,
  ) {}

  onModuleDestroy(): void {
    this.stopHearing?.();
    this.stopHearing = null;
    this.kept.clear();
  }

  async handle<State, Command, Event extends AnyEvent>(
    stream: string,
    decider: StreamDecider<State, Command, Event>,
    command: Command,
    metadata: EventMetadata,
    prefetched?: Prefetched,
    inline: readonly InlineProjection<State>[] = [],
    alongside?: Alongside<State, Event>,
  ): Promise<CommandResult<State, Event>> {
    // The other streams the caller decided on (read before this call) must not have moved on.
    const decidedOn = prefetched?.decidedOn ? [...prefetched.decidedOn].filter(([read]) => read !== stream) : [];
    const checks = decidedOn.map(([read, version]) => ({ stream: read, version }));
    for (let attempt = 1; ; attempt++) {
      try {
        // Only the first attempt may use what was read up front: a retry needs the fresh stream.
        const known = attempt === 1 ? prefetched : undefined;
        return await this.attempt(stream, decider, command, metadata, known, inline, alongside, checks, Boolean(prefetched?.decidedOn));
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) this.kept.delete(error.stream);
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
  async prefetch(
    streams: readonly string[],
    only?: StreamFilter,
    snapshots: readonly SnapshotRead[] = [],
    options: { kept?: boolean } = {},
  ): Promise<Prefetched> {
    const unique = [...new Set(streams)];
    if (options.kept && this.keeps()) return this.prefetchKept(unique, only, snapshots);
    if (snapshots.length > 0 && this.store.readStreamsFrom) return this.store.readStreamsFrom(unique, only, snapshots);
    return { events: await this.store.readStreams(unique, only), snapshots: new Map() };
  }

  /**
   * Runs a command on the states this instance kept (`read(true)`: a prefetch with `kept`). A
   * refusal decided on states from memory is decided again once on fresh reads (`read(false)`):
   * another instance may have changed what refused it, and a refusal appends nothing that could
   * be checked. An accepted command is checked at its append instead (handle).
   */
  async onKept<T>(read: (kept: boolean) => Promise<Prefetched>, run: (streams: Prefetched) => Promise<T>): Promise<T> {
    const streams = await read(true);
    try {
      return await run(streams);
    } catch (error) {
      if (!(error instanceof DomainError) || !this.usedKept(streams)) throw error;
      return run(await read(false));
    }
  }

  /** Whether a command decided on any state from this instance's memory rather than the database. */
  private usedKept(prefetched: Prefetched): boolean {
    return [...(prefetched.kept?.keys() ?? [])].some((stream) => prefetched.decidedOn?.has(stream));
  }

  /** Only a store that checks streams at the append can let a command decide on kept states. */
  private keeps(): boolean {
    return Boolean(this.store.appendWriting && this.store.readStreamsFrom);
  }

  /**
   * The kept states of the streams that have one (no round trip when all do), the others read as
   * prefetch reads them. Whatever the command folds from either is recorded in `decidedOn` and
   * checked unchanged at its append (handle), so a state another instance changed meanwhile
   * fails the append (WrongExpectedVersionError) and is forgotten, never decided on twice.
   */
  private async prefetchKept(streams: string[], only: StreamFilter | undefined, snapshots: readonly SnapshotRead[]): Promise<Prefetched> {
    this.hearAppends();
    const filtered = new Set(only?.streams ?? []);
    const kept = new Map<string, KeptState>();
    for (const stream of streams) {
      const state = this.kept.get(stream);
      // A whole stream's fold serves a filtered read too; a filtered fold only another filtered read.
      if (state && (!state.filtered || filtered.has(stream))) kept.set(stream, state);
    }
    const missing = streams.filter((stream) => !kept.has(stream));
    const read: Prefetched =
      missing.length === 0
        ? { events: new Map(), snapshots: new Map() }
        : await this.store.readStreamsFrom!(
            missing,
            only,
            snapshots.filter((snapshot) => missing.includes(snapshot.stream)),
            { heads: true },
          );
    return { ...read, kept, decidedOn: new Map() };
  }

  /**
   * Forgets a kept state once any instance appends past it (this one's own appends are already
   * kept at their version); forgets them all when notifications may have been missed.
   */
  private hearAppends(): void {
    if (this.stopHearing) return;
    this.stopHearing = this.store.onNew((_position, appended?: Appended) => {
      if (!appended) return this.kept.clear();
      const state = this.kept.get(appended.stream);
      if (state && state.version < appended.version) this.kept.delete(appended.stream);
    });
  }

  private keep(stream: string, state: KeptState): void {
    if (this.kept.size >= KEPT_STATES && !this.kept.has(stream)) this.kept.clear();
    this.kept.set(stream, state);
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
    const kept = prefetched?.kept?.get(stream);
    if (kept && kept.decider === decider) {
      prefetched!.decidedOn?.set(stream, kept.version);
      return kept.read as StreamState<State>;
    }
    const known = prefetched?.events.get(stream);
    const fromSnapshot = known && this.fromSnapshot(stream, decider, known, prefetched!);
    if (fromSnapshot) return this.noted(prefetched!, stream, decider, fromSnapshot, fromSnapshot.expected as number, false);
    // Without a usable snapshot a stream read after one is read again whole.
    const records = known && !prefetched?.snapshots.has(stream) ? known : await this.store.readStream(stream);
    const state = records.filter(decider.isEvent).reduce<State>(decider.evolve, decider.initialState());
    const read: StreamState<State> = { state, expected: records.length === 0 ? 'no_stream' : records.length - 1 };
    const head = records === known ? prefetched?.heads?.get(stream) : undefined;
    if (!prefetched) return read;
    return this.noted(prefetched, stream, decider, read, head ?? records.length - 1, head !== undefined);
  }

  /** A read for a command that may decide on kept states: recorded for the append's check, and kept. */
  private noted<State>(
    prefetched: Prefetched,
    stream: string,
    decider: object,
    read: StreamState<State>,
    version: number,
    filtered: boolean,
  ): StreamState<State> {
    if (!prefetched.decidedOn) return read;
    prefetched.decidedOn.set(stream, version);
    this.keep(stream, { read, version, decider, filtered });
    return read;
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
    decidedOn: readonly StreamCheck[],
    keeping: boolean,
  ): Promise<CommandResult<State, Event>> {
    const { state, expected } = await this.read(stream, decider, prefetched);
    const events = decider.decide(command, state);
    const next = events.reduce(decider.evolve, state);
    if (events.length === 0) return { state: next, events, position: null, pushes: [] };
    // A store that cannot append to two streams at once leaves those events to a reactor.
    const also = this.store.appendWriting ? this.withMetadata(alongside?.(next, events) ?? [], metadata) : [];
    const written = this.store.appendWriting ? inline : [];
    // A stream appended to alongside is checked by its append's version instead.
    const checks = decidedOn.filter((check) => !also.some((append) => append.stream === check.stream));
    const projected = written.length > 0 ? { ...metadata, projected_inline: written.map((projection) => projection.projection) } : metadata;
    const recorded = events.map((event) => ({ ...event, metadata: projected }));
    const { result, pushes } =
      written.length > 0 || also.length > 0 || checks.length > 0
        ? await this.appendInline(stream, recorded, expected, next, written, also, checks)
        : { result: await this.store.append(stream, recorded, expected), pushes: [] };
    for (const append of also) this.kept.delete(append.stream);
    if (keeping)
      this.keep(stream, {
        read: { state: next, expected: result.next_expected_version },
        version: result.next_expected_version,
        decider,
        filtered: false,
      });
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
    unchanged: readonly StreamCheck[],
  ): Promise<{ result: AppendResult; pushes: Push[] }> {
    const change = { state, version: (expected === 'no_stream' ? -1 : expected) + events.length };
    const writes = inline.map((projection) => projection.write(change)).filter((write) => write !== null);
    const { result, rows } = await this.store.appendWriting!(
      stream,
      events,
      expected,
      writes.flatMap((write) => write.statements),
      alongside,
      unchanged,
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
