import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../eventstore/event-store.port';
import { CHECKPOINTS_CHANNEL } from './checkpoints';

type Queryable = Pick<EntityManager, 'query'>;

/** Failures in a row on the same event before its read model stops there (about 2.5 s of retries). */
export const STALL_AFTER_ATTEMPTS = 5;

/** A read model stopped at an event it cannot apply, until an operator retries or skips it. */
export interface Stall {
  name: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  position: string;
  error: string;
  attempts: number;
  stalled_at: Date;
}

export type RepairAction = 'retry' | 'skip';

/** What names an event in a failure: enough to find it in the log, without its data. */
export type EventRef = Pick<RecordedEvent, 'id' | 'type' | 'stream' | 'position' | 'global_position'>;

/** A projection's failure on one event, so the runner can count failures in a row per event. */
export class ProjectionEventError extends Error {
  constructor(
    readonly projection: string,
    readonly event: EventRef,
    cause: unknown,
  ) {
    super(`${projection} failed on ${event.type} #${event.global_position}: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

export async function listStalls(db: Queryable): Promise<Stall[]> {
  return db.query('SELECT * FROM read_model_stalls ORDER BY stalled_at');
}

export async function recordStall(db: Queryable, failure: ProjectionEventError, attempts: number): Promise<void> {
  const { event } = failure;
  // Every instance's runner hears of it (CHECKPOINTS_CHANNEL) and stops applying this read model too.
  await db.query(
    `WITH recorded AS (
       INSERT INTO read_model_stalls (name, event_id, event_type, stream_id, position, error, attempts)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING
     )
     SELECT pg_notify($8, 'stalled')`,
    [
      failure.projection,
      event.id,
      event.type,
      event.stream,
      event.position,
      String((failure.cause as Error)?.message ?? failure.cause),
      attempts,
      CHECKPOINTS_CHANNEL,
    ],
  );
}

/** Event ids an operator chose to skip for this read model: it passes over them, applying nothing. */
export async function skippedEvents(db: Queryable, name: string): Promise<Set<string>> {
  const rows: { event_id: string }[] = await db.query(`SELECT event_id FROM read_model_repairs WHERE name = $1 AND action = 'skip'`, [
    name,
  ]);
  return new Set(rows.map((row) => row.event_id));
}

/**
 * Ends a stall: `retry` lets the read model try the event again (after a fix), `skip` lets it
 * pass over that one event for good. Either is recorded with the event and the error it met.
 */
export async function repairStall(db: Queryable, name: string, action: RepairAction): Promise<Stall | null> {
  const [deleted]: [Stall[], number] = await db.query('DELETE FROM read_model_stalls WHERE name = $1 RETURNING *', [name]);
  const stall = deleted?.[0];
  if (!stall) return null;
  await db.query(`INSERT INTO read_model_repairs (name, action, event_id, event_type, position, error) VALUES ($1, $2, $3, $4, $5, $6)`, [
    name,
    action,
    stall.event_id,
    stall.event_type,
    stall.position,
    stall.error,
  ]);
  // Running servers are idle between events: tell them to look at the read model again now.
  await db.query('SELECT pg_notify($1, $2)', [CHECKPOINTS_CHANNEL, 'repair']);
  return stall;
}
