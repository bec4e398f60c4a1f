import type { RecordedEvent } from '../../eventstore/event-store.port';
import type { ProjectionContext } from './projection';

/** What a command decided on one stream: the state after its events and the version they reached. */
export interface InlineChange<State> {
  state: State;
  version: number;
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
  apply(change: InlineChange<State>, context: ProjectionContext): Promise<void>;
}

/** Whether the command that appended `event` already wrote `projection`'s rows in its transaction. */
export function projectedInline(event: Pick<RecordedEvent, 'metadata'>, projection: string): boolean {
  return event.metadata.projected_inline?.includes(projection) ?? false;
}
