import type { EntityManager } from 'typeorm';
import { returnedRows } from '../../database/returning';
import type { RecordedEvent, SqlStatement } from '../../eventstore/event-store.port';
import type { Push } from '../../realtime/realtime.events';

/** What a command decided on one stream: the state after its events and the version they reached. */
export interface InlineChange<State> {
  state: State;
  version: number;
}

/**
 * A read model's write of one change as statements, and the realtime pushes their returned rows
 * make (`rows[i]`: what statement i returned). The same write runs in a projection's batch
 * (runRowWrite) or, inline, in the round trip of a command's append.
 */
export interface RowWrite {
  statements: SqlStatement[];
  pushes(rows: readonly unknown[][]): Push[];
}

/**
 * The part of a read model that a command writes in its own append's transaction (an inline
 * projection, as Marten and Emmett call it): the rows the caller reads next, written from the
 * state the command already folded. The caller's next read then shows the write without waiting
 * for the asynchronous projection, which keeps everything else and passes over events whose rows
 * already stand at their stream version (a version guard on both sides, so nothing is applied
 * twice and an older write never replaces a newer one). Pushes are published after the commit.
 * The events name the read models written so (`projected_inline`): the asynchronous projection
 * passes over them without a query; a rebuild's replay and catch-up still apply them.
 */
export interface InlineProjection<State> {
  /** The asynchronous projection these rows belong to: read-your-writes need not wait for it. */
  projection: string;
  /** The statements for this change; null when there is nothing to write. */
  write(change: InlineChange<State>): RowWrite | null;
}

/** Runs a write in a projection's transaction, queueing its pushes for after the commit. */
export async function runRowWrite(tx: Pick<EntityManager, 'query'>, write: RowWrite, push: (push: Push) => void): Promise<void> {
  const rows: unknown[][] = [];
  for (const statement of write.statements) rows.push(returnedRows<unknown>(await tx.query(statement.sql, [...statement.values])));
  for (const each of write.pushes(rows)) push(each);
}

/** Whether the command that appended `event` already wrote `projection`'s rows in its transaction. */
export function projectedInline(event: Pick<RecordedEvent, 'metadata'>, projection: string): boolean {
  return event.metadata.projected_inline?.includes(projection) ?? false;
}
