import type { AnyEvent } from '../../domain/shared/events';
import type { RecordedEvent } from '../../eventstore/event-store.port';
import { subscription, type Recorded, type Subscription } from '../subscriptions';
import type { EventRef } from './stalls';

export type Row = Record<string, unknown>;

/**
 * One read-model table folded in memory during a rebuild: its rows by key, with the SQL
 * semantics the live projection uses (insert that keeps an existing row, update of an existing
 * row only, upsert, delete). It remembers the event that last changed each row, so a row the
 * database refuses can be traced back to the event that made it.
 */
export class FoldedTable<R extends Row = Row> {
  /**
   * Each row with the event that last changed it, in one entry: a row's origin then moves
   * without a second lookup. Only the event's name is kept, not the event: the rows outlive the
   * batches of events they came from.
   */
  private readonly entries = new Map<string, { row: R; origin: EventRef }>();

  constructor(
    readonly name: string,
    private readonly keyOf: (row: R) => string,
  ) {}

  get(key: string): R | undefined {
    return this.entries.get(key)?.row;
  }

  /** INSERT ... ON CONFLICT DO NOTHING. */
  insert(row: R, event: RecordedEvent): void {
    const key = this.keyOf(row);
    if (this.entries.has(key)) return;
    this.entries.set(key, { row, origin: refOf(event) });
  }

  /** UPDATE ... WHERE key: nothing when the row does not exist. Answers the row updated. */
  update(key: string, changes: Partial<R>, event: RecordedEvent): R | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    Object.assign(entry.row, changes);
    entry.origin = refOf(event);
    return entry.row;
  }

  /** INSERT ... ON CONFLICT DO UPDATE SET `changes`: a new row, or the existing one with `changes`. */
  upsert(row: R, changes: Partial<R>, event: RecordedEvent): void {
    const key = this.keyOf(row);
    if (this.update(key, changes, event)) return;
    this.entries.set(key, { row, origin: refOf(event) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  all(): R[] {
    return Array.from(this.entries.values(), (entry) => entry.row);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The event that last changed this row. */
  origin(row: R): EventRef | undefined {
    return this.entries.get(this.keyOf(row))?.origin;
  }
}

/**
 * A read-model table whose rows are only ever added, each by an event of its own (a log): no
 * later event changes them, so a rebuild writes them out while the fold goes on (see `take`)
 * instead of holding them all until the end.
 */
export class AppendedTable<R extends Row = Row> {
  private pending: R[] = [];
  private origins: EventRef[] = [];
  private appended = 0;

  constructor(readonly name: string) {}

  /** INSERT of a row no other event writes. */
  append(row: R, event: RecordedEvent): void {
    this.pending.push(row);
    this.origins.push(refOf(event));
    this.appended++;
  }

  /** Rows appended since the last take. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Rows appended in all. */
  get size(): number {
    return this.appended;
  }

  /** Hands over the rows appended since the last take, to be written, and forgets them. */
  take(): FoldedRows {
    const rows = this.pending;
    const origins = this.origins;
    this.pending = [];
    this.origins = [];
    return { name: this.name, size: rows.length, all: () => rows, origin: (row) => origins[rows.indexOf(row as R)] };
  }
}

/**
 * One reference per event, shared by every row it changes: an event's writes come one after
 * another, so remembering the last event is enough.
 */
let last: { event: RecordedEvent; ref: EventRef } | null = null;
function refOf(event: RecordedEvent): EventRef {
  if (last?.event !== event) {
    const ref = { id: event.id, type: event.type, stream: event.stream, position: event.position, global_position: event.global_position };
    last = { event, ref };
  }
  return last.ref;
}

/** A fold subscription: applies one stream category's events to tables in memory. */
export type FoldSubscription = Subscription<null, void>;

/** What a rebuild writes from a folded table. */
export interface FoldedRows {
  readonly name: string;
  readonly size: number;
  all(): Row[];
  origin(row: Row): EventRef | undefined;
}

/** A read model's in-memory fold for rebuilds (see Projection.replay). */
export interface ReplayModel {
  follows: readonly FoldSubscription[];
  tables: readonly (FoldedRows | AppendedTable)[];
}

/** Folds these events of one stream category, received typed, like `on` for the live projection. */
export function fold<E extends AnyEvent>(
  stream: string,
  types: readonly E['type'][],
  apply: (event: Recorded<E>) => void,
): FoldSubscription {
  return subscription<E, null, void>(stream, types, (event) => apply(event));
}
