import type { EntityManager } from 'typeorm';
import { Position, START } from '../../eventstore/event-store.port';

/**
 * Where each projection and reactor stands in the global log. Stored as the two numbers of a
 * position so the database can refuse to move a checkpoint backwards.
 */
type Queryable = Pick<EntityManager, 'query'>;

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

export async function resetCheckpoint(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM checkpoints WHERE name = $1', [name]);
}
