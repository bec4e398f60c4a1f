import type { RecordedEvent } from '../../eventstore/event-store.port';
import type { JobRequest } from '../../queues/queues';

/**
 * Turns events into BullMQ jobs (emails, posting expiry...). A reactor must derive each job id
 * from the event id, so that replaying the log never enqueues a job twice.
 */
export interface Reactor {
  name: string;
  handles: readonly string[];
  /** Prefixes of the streams it reacts to; type names can repeat across streams. */
  streams?: readonly string[];
  react(event: RecordedEvent): JobRequest[] | Promise<JobRequest[]>;
}

/** The conventional job id: one job per event and purpose. */
export function jobIdFor(event: Pick<RecordedEvent, 'id'>, purpose: string): string {
  return `${purpose}-${event.id}`;
}
