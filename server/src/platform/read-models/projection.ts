import type { EntityManager } from 'typeorm';
import type { AnyEvent } from '../../domain/shared/events';
import type { Push } from '../../realtime/realtime.events';
import { subscription, type Recorded, type Subscription } from '../subscriptions';

export interface ProjectionContext {
  /** The transaction that also moves this projection's checkpoint. */
  tx: EntityManager;
  /** Queues a realtime push, delivered only after the transaction commits. */
  push(push: Push): void;
}

export type ProjectionSubscription = Subscription<ProjectionContext, Promise<void>>;

/**
 * A read model: event -> SQL, idempotent, in the same transaction as its checkpoint.
 * Projections live in the top-level projections/ folder, one file per read model.
 */
export interface Projection {
  name: string;
  /** The streams it models, each with the event types it handles and how; others only move its checkpoint. */
  follows: readonly ProjectionSubscription[];
  /** Empties the read model before a rebuild replays the whole log. */
  reset(tx: EntityManager): Promise<void>;
}

/** Applies these events of one stream category, received typed (see `subscription`). */
export function on<E extends AnyEvent>(
  stream: string,
  types: readonly E['type'][],
  apply: (event: Recorded<E>, context: ProjectionContext) => Promise<void>,
): ProjectionSubscription {
  return subscription(stream, types, apply);
}
