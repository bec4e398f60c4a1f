import type { DataSource, EntityManager } from 'typeorm';
import { queryNamed } from '../../database/named-statements';
import { Position, START } from '../../eventstore/event-store.port';

/**
 * Where each projection and reactor stands in the global log. Stored as the two numbers of a
 * position so the database can refuse to move a checkpoint backwards. The statements every
 * follower batch sends are named statements (see queryNamed): a few fixed texts, each parsed and
 * planned once per connection, on the batch's transaction when given its entity manager.
 */
type Queryable = Pick<EntityManager, 'query'>;
type Database = DataSource | EntityManager;

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
export async function readCheckpoints(db: Database, names: readonly string[]): Promise<Map<string, Position>> {
  const rows = await queryNamed<{ name: string; transaction_id: string; global_position: string }>(
    db,
    'SELECT name, transaction_id, global_position FROM checkpoints WHERE name = ANY($1::text[])',
    [names],
  );
  return new Map(rows.map((row) => [row.name, `${row.transaction_id}:${row.global_position}`]));
}

export async function readCheckpoint(db: Database, name: string): Promise<Position> {
  const rows = await queryNamed<{ transaction_id: string; global_position: string }>(
    db,
    'SELECT transaction_id, global_position FROM checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? `${rows[0].transaction_id}:${rows[0].global_position}` : START;
}

/** Moves a checkpoint forward (never back); with `announce`, notifies CHECKPOINTS_CHANNEL in the same statement. */
export async function writeCheckpoint(db: Database, name: string, position: Position, { announce = false } = {}): Promise<void> {
  await writeCheckpoints(db, [{ name, position }], { announce });
}

/** Several checkpoints forward in one statement (a reactor pass, a batch that also announces). */
export async function writeCheckpoints(
  db: Database,
  checkpoints: readonly { name: string; position: Position }[],
  { announce = false } = {},
): Promise<void> {
  if (checkpoints.length === 0) return;
  const names = checkpoints.map((checkpoint) => checkpoint.name);
  const [transactions, globals] = positionColumns(checkpoints.map((checkpoint) => checkpoint.position));
  await queryNamed(
    db,
    `WITH written AS (
       INSERT INTO checkpoints (name, transaction_id, global_position, updated_at)
       SELECT name, transaction_id, global_position, now() FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS c(name, transaction_id, global_position)
       ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
         global_position = EXCLUDED.global_position, updated_at = now()
       WHERE (checkpoints.transaction_id, checkpoints.global_position) < (EXCLUDED.transaction_id, EXCLUDED.global_position)
     )
     SELECT pg_notify($4, c.transaction_id || ':' || c.global_position || ' ' || c.name)
       FROM unnest($1::text[], $2::text[], $3::text[]) AS c(name, transaction_id, global_position)
      WHERE $5`,
    [names, transactions, globals, CHECKPOINTS_CHANNEL, announce],
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
 * Moves checkpoints from `from` to `to` only where they still stand at `from` (no lock needed),
 * and announces each one moved, in one statement: for read models whose events in between are
 * all ones they do not follow, so there is nothing to apply. Whoever moved or reset one meanwhile
 * wins, and it is left alone (a missing row is the start: only a pass from the start may create
 * it). A row another transaction is writing is skipped, not waited for: that writer moves it and
 * announces it, and two instances passing the same rows in different orders could otherwise
 * deadlock (seen under bench:live). Answers the names moved.
 */
export async function passCheckpoints(
  db: Database,
  moves: readonly { name: string; from: Position; to: Position }[],
): Promise<Set<string>> {
  if (moves.length === 0) return new Set();
  const [fromTransactions, fromGlobals] = positionColumns(moves.map((move) => move.from));
  const [toTransactions, toGlobals] = positionColumns(moves.map((move) => move.to));
  const moved = await queryNamed<{ name: string }>(
    db,
    `WITH move AS (
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[])
         AS m(name, from_transaction, from_global, to_transaction, to_global)
     ), free AS (
       SELECT c.name FROM checkpoints c JOIN move m ON c.name = m.name
        WHERE (c.transaction_id, c.global_position) = (m.from_transaction, m.from_global)
          FOR UPDATE OF c SKIP LOCKED
     ), updated AS (
       UPDATE checkpoints c SET transaction_id = m.to_transaction, global_position = m.to_global, updated_at = now()
         FROM move m
        WHERE c.name = m.name AND c.name IN (SELECT name FROM free)
          AND (c.transaction_id, c.global_position) = (m.from_transaction, m.from_global)
       RETURNING c.name, c.transaction_id, c.global_position
     ), inserted AS (
       INSERT INTO checkpoints (name, transaction_id, global_position, updated_at)
       SELECT name, to_transaction, to_global, now() FROM move WHERE (from_transaction, from_global) = (0, 0)
       ON CONFLICT (name) DO NOTHING
       RETURNING name, transaction_id, global_position
     ), moved AS (SELECT * FROM updated UNION ALL SELECT * FROM inserted)
     SELECT name, pg_notify($6, transaction_id || ':' || global_position || ' ' || name) FROM moved`,
    [moves.map((move) => move.name), fromTransactions, fromGlobals, toTransactions, toGlobals, CHECKPOINTS_CHANNEL],
  );
  return new Set(moved.map((row) => row.name));
}

/** Positions as two columns (transaction ids, global positions) for unnest. */
function positionColumns(positions: readonly Position[]): [string[], string[]] {
  const split = positions.map((position) => position.split(':'));
  return [split.map(([transaction]) => transaction), split.map(([, global]) => global)];
}
