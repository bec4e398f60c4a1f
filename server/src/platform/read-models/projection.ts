import type { QueryResultRow } from 'pg';
import type { EntityManager } from 'typeorm';
import type { AnyEvent } from '../../domain/shared/events';
import type { RecordedEvent } from '../../eventstore/event-store.port';
import type { Push } from '../../realtime/realtime.events';
import { subscription, type Recorded, type Subscription } from '../subscriptions';
import type { ReplayModel } from './folded-table';

export interface ProjectionContext {
  /** The transaction that also moves this projection's checkpoint. */
  tx: EntityManager;
  /** Queues a realtime push, delivered only after the transaction commits. */
  push(push: Push): void;
  /**
   * A statement whose result the handler does not need, in the same transaction: the runner may
   * send several together (before the batch's next query, in order), saving a round trip each.
   */
  write(sql: string, values?: readonly unknown[]): Promise<void>;
  /**
   * A statement whose rows the handler reads, in the same transaction, sent as a named statement
   * (see queryNamed): the connection parses and plans its text once. For the few statements a
   * handler sends on every event of a busy stream; the text must be fixed by the code, never by
   * the data. Answers its rows.
   */
  prepared<Row extends QueryResultRow>(sql: string, values: readonly unknown[]): Promise<Row[]>;
  /**
   * The events this read model applies in this transaction, in order (the one being handled among
   * them), when it applies a batch: a handler may read what several of them need in one statement,
   * as long as nothing it writes in between changes what it read. Absent when events are applied
   * one at a time (a rebuild without replay).
   */
  batch?: readonly RecordedEvent[];
}

export type ProjectionSubscription = Subscription<ProjectionContext, Promise<void>> & {
  /**
   * What it makes of these events is read by others, not by whoever appended them (another
   * person's inbox, the admins' audit, statistics): the command does not wait for it, so a bid's
   * answer never waits on a read model its caller does not read next.
   */
  eventual?: true;
};

/**
 * A read model: event -> SQL, idempotent, in the same transaction as its checkpoint.
 * Projections live in the top-level projections/ folder, one file per read model.
 */
export interface Projection {
  name: string;
  /** The streams it models, each with the event types it handles and how; others only move its checkpoint. */
  follows: readonly ProjectionSubscription[];
  /** The tables it alone writes: a rebuild fills fresh copies of them and swaps them in. */
  tables: readonly string[];
  /**
   * The same read model folded in memory, for rebuilds: it reads the whole log without a
   * round trip per event and hands over its rows for bulk writing. It must end with exactly the
   * rows `follows` writes (test/integration/platform/rebuild-equality.test.ts compares them).
   * Without it a rebuild applies `follows` event by event.
   */
  replay?: () => ReplayModel;
}

/** Applies these events of one stream category, received typed (see `subscription`). */
export function on<E extends AnyEvent>(
  stream: string,
  types: readonly E['type'][],
  apply: (event: Recorded<E>, context: ProjectionContext) => Promise<void>,
  options: { eventual?: true } = {},
): ProjectionSubscription {
  return { ...subscription(stream, types, apply), ...options };
}
