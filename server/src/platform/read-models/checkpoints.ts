import type { EntityManager } from 'typeorm';
import { Position, START } from '../../eventstore/event-store.port';

/**
 * Where each projection and reactor stands in the global log. Stored as the two numbers of a
 * position so the database can refuse to move a checkpoint backwards.
 */
type Queryable = Pick<EntityManager, 'query'>;

/**
 * Read-model batches notify this channel when they move a checkpoint (payload "position name"),
 * so read-your-writes waiters in every instance wake on progress without polling; any other
 * payload (a repair) asks the runners to look again.
 */
export const CHECKPOINTS_CHANNEL = 'tenens_checkpoints';

/** Tells every instance's waiters that `name` has reached `position`, when the transaction commits. */
export async function announceCheckpoint(db: Queryable, name: string, position: Position): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [CHECKPOINTS_CHANNEL, `${position} ${name}`]);
}

/** Reads a checkpoint notification; null when the payload is not one (e.g. a repair's). */
export function parseCheckpointNotice(payload: string): { name: string; position: Position } | null {
  const match = /^(\d+:\d+) (.+)$/.exec(payload);
  return match ? { position: match[1], name: match[2] } : null;
}

/** Several checkpoints in one read. */
export async function readCheckpoints(db: Queryable, names: readonly string[]): Promise<Map<string, Position>> {
  const rows: { name: string; transaction_id: string; global_position: string }[] = await db.query(
    'SELECT name, transaction_id, global_position FROM checkpoints WHERE name = ANY($1::text[])',
    [names],
  );
  return new Map(rows.map((row) => [row.name, `${row.transaction_id}:${row.global_position}`]));
}

export async function readCheckpoint(db: Queryable, name: string): Promise<Position> {
  const rows: { transaction_id: string; global_position: string }[] = await db.query(
    'SELECT transaction_id, global_position FROM checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? `${rows[0].transaction_id}:${rows[0].global_position}` : START;
}

export async function writeCheckpoint(db: Queryable, name: string, position: Position): Promise<void> {
  const [transactionId, globalPosition] = position.split(':');
  await db.query(
    `INSERT INTO checkpoints (name, transaction_id, global_position, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()
     WHERE (checkpoints.transaction_id, checkpoints.global_position) < (EXCLUDED.transaction_id, EXCLUDED.global_position)`,
    [name, transactionId, globalPosition],
  );
}

/** Puts a checkpoint exactly here, backwards too: a rebuild's swap, which replaced the rows. */
export async function setCheckpoint(db: Queryable, name: string, position: Position): Promise<void> {
  const [transactionId, globalPosition] = position.split(':');
  await db.query(
    `INSERT INTO checkpoints (name, transaction_id, global_position, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
    [name, transactionId, globalPosition],
  );
}

/**
 * Moves a checkpoint from `from` to `to` only if it still stands at `from` (no lock needed), and
 * announces it: for a read model whose events in between are all ones it does not follow, so
 * there is nothing to apply. Whoever moved or reset it meanwhile wins, and this does nothing
 * (a missing row is the start: only a pass from the start may create it).
 */
export async function passCheckpoint(db: Queryable, name: string, from: Position, to: Position): Promise<boolean> {
  const [fromTransaction, fromGlobal] = from.split(':');
  const [toTransaction, toGlobal] = to.split(':');
  const moved: unknown[] = await db.query(
    `WITH updated AS (
       UPDATE checkpoints SET transaction_id = $4, global_position = $5, updated_at = now()
        WHERE name = $1 AND (transaction_id, global_position) = ($2, $3)
       RETURNING 1
     ), inserted AS (
       INSERT INTO checkpoints (name, transaction_id, global_position, updated_at)
       SELECT $1, $4, $5, now() WHERE ($2::bigint, $3::bigint) = (0, 0)
       ON CONFLICT (name) DO NOTHING
       RETURNING 1
     ), moved AS (SELECT 1 FROM updated UNION ALL SELECT 1 FROM inserted)
     SELECT pg_notify($6, $7) FROM moved`,
    [name, fromTransaction, fromGlobal, toTransaction, toGlobal, CHECKPOINTS_CHANNEL, `${to} ${name}`],
  );
  return moved.length > 0;
}
