import type { PgListener } from '../database/pg-listener';
import { EventStore } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

export * from './event-store.port';
export { PostgresEventStore } from './postgres-event-store';

export interface EventStoreConfig {
  EVENT_STORE: 'postgres' | 'eventstoredb';
  DATABASE_URL: string;
  /** Connections of the Postgres store's pool (commands); default 10. */
  DATABASE_POOL_SIZE?: number;
  EVENTSTORE_URL?: string;
}

/**
 * The store the configuration names: Postgres by default, EventStoreDB when asked for. `listener`
 * is the process's shared LISTEN connection (the Postgres store opens its own without one).
 * EventStoreDB's client (gRPC and its protocol definitions, about 8 MB of memory) is loaded only
 * when it is the store named.
 */
export async function createEventStore(config: EventStoreConfig, listener?: PgListener): Promise<EventStore> {
  if (config.EVENT_STORE === 'postgres')
    return new PostgresEventStore(config.DATABASE_URL, { listener, poolSize: config.DATABASE_POOL_SIZE });
  if (!config.EVENTSTORE_URL) throw new Error('EVENTSTORE_URL is required when EVENT_STORE=eventstoredb');
  const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
  return new EventStoreDbEventStore(config.EVENTSTORE_URL);
}
