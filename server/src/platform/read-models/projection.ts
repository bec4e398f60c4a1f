import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../eventstore/event-store.port';
import type { Push } from '../../realtime/realtime.events';

export interface ProjectionContext {
  /** The transaction that also moves this projection's checkpoint. */
  tx: EntityManager;
  /** Queues a realtime push, delivered only after the transaction commits. */
  push(push: Push): void;
}

/**
 * A read model: event -> SQL, idempotent, in the same transaction as its checkpoint.
 * Projections live in the top-level projections/ folder, one file per read model.
 */
export interface Projection {
  name: string;
  /** Event types this read model follows; others only move its checkpoint. */
  handles: readonly string[];
  /**
   * Prefixes of the streams it models (e.g. 'facility-'). Type names can repeat across streams,
   * so events of other streams are passed over even when their type is handled.
   */
  streams?: readonly string[];
  /** Empties the read model before a rebuild replays the whole log. */
  reset(tx: EntityManager): Promise<void>;
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}
