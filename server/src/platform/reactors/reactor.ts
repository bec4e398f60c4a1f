import type { AnyEvent } from '../../domain/shared/events';
import type { RecordedEvent } from '../../eventstore/event-store.port';
import type { JobRequest } from '../../queues/queues';
import { subscription, type Recorded, type Subscription } from '../subscriptions';

export type Reaction = JobRequest[] | Promise<JobRequest[]>;

export type ReactorSubscription = Subscription<void, Reaction>;

/**
 * Turns events into BullMQ jobs (emails, posting expiry...). A reactor must derive each job id
 * from the event id, so that replaying the log never enqueues a job twice.
 */
export interface Reactor {
  name: string;
  /** The streams it reacts to, each with the event types and the reaction. */
  follows: readonly ReactorSubscription[];
}

/** Reacts to these events of one stream category, received typed (see `subscription`). */
export function reactTo<E extends AnyEvent>(
  stream: string,
  types: readonly E['type'][],
  react: (event: Recorded<E>) => Reaction,
): ReactorSubscription {
  return subscription<E, void, Reaction>(stream, types, (event) => react(event));
}

/** The conventional job id: one job per event and purpose. */
export function jobIdFor(event: Pick<RecordedEvent, 'id'>, purpose: string): string {
  return `${purpose}-${event.id}`;
}
