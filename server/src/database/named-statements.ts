import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** Names by statement text: a few shapes, fixed by the code (never by the data). */
const names = new Map<string, string>();

/**
 * The name a statement's text runs under as a named statement: each pooled connection parses
 * and plans it once, then only binds its values. The same text always gets the same name (a
 * connection refuses one name for two texts).
 */
export function statementName(text: string): string {
  const known = names.get(text);
  if (known) return known;
  const name = `tenens_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a statement as a named statement on the data source's pool: for the statements sent on
 * every request or command, where parsing and planning cost Postgres more than running them.
 */
export async function queryNamed<Row extends QueryResultRow = QueryResultRow>(
  db: DataSource,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const pool: Pool = (db.driver as PostgresDriver).master;
  return (await pool.query<Row>({ name: statementName(text), text, values })).rows;
}
