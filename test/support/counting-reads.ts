import type { EventStore } from '../../server/src/eventstore';

/**
 * The same store (same database, same connections), counting how many events its readers get
 * from `readAll`: to see how often a follower reads the log, not what it does with it.
 */
export function countingReads(store: EventStore): { store: EventStore; eventsRead: () => number } {
  let read = 0;
  const counting = Object.create(store) as EventStore;
  counting.readAll = async (options) => {
    const events = await store.readAll(options);
    read += events.length;
    return events;
  };
  return { store: counting, eventsRead: () => read };
}
