import type { DataSource } from 'typeorm';
import { allProjections } from '../../../projections';
import { comparePositions, type Position } from '../../../server/src/eventstore';
import { readCheckpoint } from '../../../server/src/platform/read-models/checkpoints';

/** Every read-model table of the product. */
export const READ_MODEL_TABLES = allProjections.flatMap((projection) => projection.tables);

/** Every row of every read-model table, in a stable order (the row's text). */
export async function readModelRows(db: Pick<DataSource, 'query'>, tables = READ_MODEL_TABLES): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await db.query(`SELECT r.* FROM ${table} r ORDER BY r::text`);
  return rows;
}

/** The indexes and constraints of the read-model tables, by name and definition. */
export async function readModelStructure(db: Pick<DataSource, 'query'>, tables = READ_MODEL_TABLES) {
  const indexes = await db.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1) ORDER BY indexname`,
    [tables],
  );
  const constraints = await db.query(
    `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid::regclass::text = ANY($1) ORDER BY 1, 2`,
    [tables],
  );
  const statistics = await db.query(
    `SELECT attrelid::regclass::text AS table, attname AS column, attstattarget AS target FROM pg_attribute
      WHERE attrelid::regclass::text = ANY($1) AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0 ORDER BY 1, 2`,
    [tables],
  );
  return { indexes, constraints, statistics };
}

/** The position of the last event in the log. */
export async function logHead(db: Pick<DataSource, 'query'>): Promise<Position> {
  const [row] = await db.query(
    `SELECT transaction_id::text || ':' || global_position AS position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  return row.position;
}

/** Waits until every product read model's checkpoint passed the log's head, running `step` between looks. */
export async function readModelsAtHead(db: DataSource, step: () => Promise<unknown> = async () => undefined, timeoutMs = 120_000) {
  const head = await logHead(db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await step();
    const checkpoints = await Promise.all(allProjections.map((projection) => readCheckpoint(db, projection.name)));
    if (checkpoints.every((checkpoint) => comparePositions(checkpoint, head) >= 0)) return head;
    if (Date.now() > deadline) throw new Error(`Read models did not reach ${head}: ${checkpoints.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Checkpoints of every product read model. */
export async function checkpoints(db: DataSource): Promise<string[]> {
  return Promise.all(allProjections.map((projection) => readCheckpoint(db, projection.name)));
}
