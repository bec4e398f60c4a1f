import type { RecordHistoryEntry } from '../domain/shared/history';
import type { EventStore } from '../eventstore/event-store.port';

/** A stream's events as an audit timeline: what happened, when, by whom, with what data. */
export async function streamHistory(events: EventStore, stream: string): Promise<RecordHistoryEntry[]> {
  const recorded = await events.readStream(stream);
  return recorded.map((event) => ({
    id: event.id,
    version: event.version,
    type: event.type,
    at: (event.data as { at?: string }).at ?? event.created_at.toISOString(),
    actor: event.metadata.actor ?? { user_id: null, side: 'system', name: null },
    // Every event's data is a JSON object.
    data: event.data as Record<string, unknown>,
  }));
}
