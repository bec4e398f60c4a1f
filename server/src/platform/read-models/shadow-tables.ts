import type { EntityManager } from 'typeorm';
import { copyFrom, copyText, type ColumnKind, type PgClient } from './copy-rows';
import type { FoldedRows, Row } from './folded-table';

type Queryable = Pick<EntityManager, 'query'>;

/**
 * A rebuild writes into fresh copies of the read-model tables in this schema, under the same
 * names, and swaps them in at the end. Only the rebuild (one at a time) uses it.
 */
export const REBUILD_SCHEMA = 'read_model_rebuild';

/** Rows per COPY statement: a few megabytes of text at most. */
export const WRITE_CHUNK = 5_000;

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const shadow = (table: string) => `${quote(REBUILD_SCHEMA)}.${quote(table)}`;

/** Where the live tables are: the schema unqualified names resolve to, and the search_path. */
export interface LiveSchema {
  schema: string;
  searchPath: string;
}

export async function liveSchema(db: Queryable): Promise<LiveSchema> {
  const [row] = await db.query(`SELECT current_schema() AS schema, current_setting('search_path') AS search_path`);
  return { schema: row.schema, searchPath: row.search_path };
}

/** search_path that makes the projections' unqualified SQL write into the fresh tables. */
export const intoShadow = (live: LiveSchema) => `SET LOCAL search_path TO ${quote(REBUILD_SCHEMA)}, ${live.searchPath}`;

export async function createShadowSchema(db: Queryable): Promise<void> {
  await dropShadowSchema(db);
  await db.query(`CREATE SCHEMA ${quote(REBUILD_SCHEMA)}`);
}

export async function dropShadowSchema(db: Queryable): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${quote(REBUILD_SCHEMA)} CASCADE`);
}

/**
 * An empty copy of a live table: columns, defaults, CHECK and NOT NULL constraints, identity,
 * storage and comments, its columns' statistics targets (LIKE leaves them out) and its grants.
 * Indexes come later (copyIndexes): a bulk load is faster without them.
 */
export async function createShadowTable(db: Queryable, live: LiveSchema, table: string): Promise<void> {
  const source = `${quote(live.schema)}.${quote(table)}`;
  const [exists] = await db.query('SELECT to_regclass($1) AS oid', [source]);
  if (!exists.oid) throw new Error(`The read-model table ${table} does not exist in schema ${live.schema}`);
  await db.query(`CREATE TABLE ${shadow(table)} (LIKE ${source} INCLUDING ALL EXCLUDING INDEXES)`);
  // A column's own target (0: no statistics at all) holds for the fresh table's ANALYZE and every later one.
  const targets: { name: string; target: number }[] = await db.query(
    `SELECT attname AS name, attstattarget AS target FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0`,
    [source],
  );
  for (const { name, target } of targets) {
    await db.query(`ALTER TABLE ${shadow(table)} ALTER COLUMN ${quote(name)} SET STATISTICS ${Number(target)}`);
  }
  const grants: { grantee: string; privilege: string }[] = await db.query(
    `SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(a.grantee::regrole::text) END AS grantee, a.privilege_type AS privilege
       FROM pg_class c, aclexplode(c.relacl) a WHERE c.oid = $1::regclass AND a.grantee <> c.relowner`,
    [source],
  );
  for (const { grantee, privilege } of grants) await db.query(`GRANT ${privilege} ON ${shadow(table)} TO ${grantee}`);
}

/**
 * The live table's indexes and index-backed constraints (primary key, unique, exclusion) on the
 * fresh table, under the same names: the names are free in the rebuild schema, and the indexes
 * keep them when the table moves into the live schema.
 */
export async function copyIndexes(db: Queryable, live: LiveSchema, table: string): Promise<void> {
  const indexes: { definition: string; constraint_name: string | null; constraint_definition: string | null }[] = await db.query(
    `SELECT pg_get_indexdef(i.indexrelid) AS definition, con.conname AS constraint_name,
            pg_get_constraintdef(con.oid) AS constraint_definition
       FROM pg_index i
       LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid AND con.contype IN ('p', 'u', 'x')
      WHERE i.indrelid = $1::regclass
      ORDER BY i.indexrelid`,
    [`${quote(live.schema)}.${quote(table)}`],
  );
  for (const index of indexes) {
    if (index.constraint_name) {
      await db.query(`ALTER TABLE ${shadow(table)} ADD CONSTRAINT ${quote(index.constraint_name)} ${index.constraint_definition}`);
      continue;
    }
    const onShadow = index.definition.replace(/^(CREATE (?:UNIQUE )?INDEX \S+ ON )(?:ONLY )?\S+( USING )/, `$1${shadow(table)}$2`);
    if (onShadow === index.definition) throw new Error(`Cannot copy index of ${table}: ${index.definition}`);
    await db.query(onShadow);
  }
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * The foreign keys of a live read-model table. Read under the live search_path, so a key naming
 * another read-model table names it unqualified (see addForeignKeys).
 */
export async function foreignKeysOf(db: Queryable, live: LiveSchema, table: string): Promise<ForeignKey[]> {
  const keys: { name: string; definition: string }[] = await db.query(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`,
    [`${quote(live.schema)}.${quote(table)}`],
  );
  return keys.map((key) => ({ table, ...key }));
}

/**
 * Puts foreign keys on the fresh tables. Run under `intoShadow`, so a key naming another rebuilt
 * table points at that table's fresh copy, which moves with it at the swap.
 */
export async function addForeignKeys(db: Queryable, keys: readonly ForeignKey[]): Promise<void> {
  for (const key of keys) await db.query(`ALTER TABLE ${shadow(key.table)} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`);
}

/**
 * Writes folded rows with one COPY, its text made a chunk at a time as the database takes it
 * (the text of one chunk is all that is held besides the rows, and the database parses one chunk
 * while the next is made), each value as the table's column takes it (see copyLine). The columns
 * are those the rows name; a row the database refuses is found and reported with the event that
 * last changed it.
 */
export async function writeRows(db: Queryable, client: PgClient, table: FoldedRows): Promise<void> {
  const rows = table.all();
  if (rows.length === 0) return;
  const columns = columnsOf(rows);
  const kinds = await columnKinds(db, table.name, columns);
  const copy = `COPY ${shadow(table.name)} (${columns.map(quote).join(', ')}) FROM STDIN`;
  const write = (some: readonly Row[]) => copyFrom(client, copy, textOf(some, columns, kinds));
  try {
    await write(rows);
  } catch (error) {
    throw await refusedRow(table, rows, error, write);
  }
}

/** Rows a chunk at a time. */
function* chunksOf(rows: readonly Row[]): Generator<Row[]> {
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) yield rows.slice(start, start + WRITE_CHUNK);
}

/** The COPY text of rows, a chunk at a time, each made when asked for. */
function* textOf(rows: readonly Row[], columns: readonly string[], kinds: readonly ColumnKind[]): Generator<string> {
  for (const chunk of chunksOf(rows)) yield copyText(chunk, columns, kinds);
}

/** Every column some row names, in the order first met. */
function columnsOf(rows: readonly Row[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const column in row) columns.add(column);
  return [...columns];
}

async function columnKinds(db: Queryable, table: string, columns: readonly string[]): Promise<ColumnKind[]> {
  const types: { name: string; type: string; category: string }[] = await db.query(
    `SELECT a.attname AS name, t.typname AS type, t.typcategory AS category
       FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
    [shadow(table)],
  );
  const kindOf = new Map(types.map(({ name, type, category }) => [name, kind(type, category)]));
  return columns.map((column) => kindOf.get(column) ?? 'scalar');
}

const kind = (type: string, category: string): ColumnKind =>
  type === 'json' || type === 'jsonb' ? 'json' : category === 'A' ? 'array' : 'scalar';

/** A row of the table the database would not take, and why. */
export class RefusedRow extends Error {
  constructor(
    readonly table: string,
    readonly row: Row,
    cause: unknown,
  ) {
    super((cause as Error)?.message ?? String(cause), { cause });
  }
}

/**
 * Finds the row the database refused by writing the rows again a chunk, then a row, at a time
 * (only ever on failure: the refused COPY wrote nothing, and the fresh tables are dropped after).
 */
async function refusedRow(
  table: FoldedRows,
  rows: readonly Row[],
  copyError: unknown,
  write: (rows: readonly Row[]) => Promise<void>,
): Promise<RefusedRow> {
  for (const chunk of chunksOf(rows)) {
    try {
      await write(chunk);
    } catch {
      for (const row of chunk) {
        try {
          await write([row]);
        } catch (error) {
          return new RefusedRow(table.name, row, error);
        }
      }
    }
  }
  return new RefusedRow(table.name, rows[0], copyError);
}

/** What depends on a live table from outside it, to be moved onto its replacement at the swap. */
interface Dependents {
  triggers: string[];
  /** Foreign keys of tables that are not rebuilt, pointing at this one. */
  incomingKeys: { table: string; name: string; definition: string }[];
  /** Sequences owned by its columns (serial): they must outlive the old table. */
  sequences: { sequence: string; column: string }[];
}

async function dependentsOf(db: Queryable, live: LiveSchema, table: string, rebuilt: readonly string[]): Promise<Dependents> {
  const oid = `${quote(live.schema)}.${quote(table)}`;
  const triggers: { definition: string }[] = await db.query(
    'SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal',
    [oid],
  );
  const incomingKeys: Dependents['incomingKeys'] = await db.query(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f' AND conrelid <> confrelid`,
    [oid],
  );
  const sequences: Dependents['sequences'] = await db.query(
    `SELECT s.oid::regclass::text AS sequence, a.attname AS column
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
      WHERE d.refobjid = $1::regclass AND d.deptype = 'a'`,
    [oid],
  );
  const rebuiltNames = new Set(rebuilt.map((name) => name.toLowerCase()));
  const outside = incomingKeys.filter((key) => !rebuiltNames.has(key.table.replace(/^.*\./, '').replace(/"/g, '').toLowerCase()));
  return { triggers: triggers.map((t) => t.definition), incomingKeys: outside, sequences };
}

/**
 * Inside the caller's transaction: drops the live tables and moves the fresh ones into their
 * place, then puts back what pointed at the old ones (triggers, foreign keys from other tables,
 * sequence ownership). Nobody sees a moment between the two: the transaction holds the tables.
 */
export async function swapTables(db: Queryable, live: LiveSchema, tables: readonly string[]): Promise<void> {
  const dependents = new Map<string, Dependents>();
  for (const table of tables) dependents.set(table, await dependentsOf(db, live, table, tables));
  const liveName = (table: string) => `${quote(live.schema)}.${quote(table)}`;
  for (const { incomingKeys, sequences } of dependents.values()) {
    for (const key of incomingKeys) await db.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quote(key.name)}`);
    for (const { sequence } of sequences) await db.query(`ALTER SEQUENCE ${sequence} OWNED BY NONE`);
  }
  await db.query(`DROP TABLE ${tables.map(liveName).join(', ')}`);
  for (const table of tables) await db.query(`ALTER TABLE ${shadow(table)} SET SCHEMA ${quote(live.schema)}`);
  for (const [table, { triggers, incomingKeys, sequences }] of dependents) {
    for (const trigger of triggers) await db.query(trigger);
    for (const key of incomingKeys) await db.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`);
    for (const { sequence, column } of sequences) await db.query(`ALTER SEQUENCE ${sequence} OWNED BY ${liveName(table)}.${quote(column)}`);
  }
}
