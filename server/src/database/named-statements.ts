import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * Runs a statement whose text never changes as a named statement on the data source's pool:
 * each pooled connection parses and plans it once, then only binds its values. For the
 * statements every request sends, where parsing and planning cost Postgres more than running them.
 */
export async function queryNamed<Row extends QueryResultRow = QueryResultRow>(
  db: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const pool: Pool = (db.driver as PostgresDriver).master;
  return (await pool.query<Row>({ name, text, values })).rows;
}
