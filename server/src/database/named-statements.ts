import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

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
 * Runs a statement as a named statement: for the statements sent on every request, command or
 * follower batch, where parsing and planning cost Postgres more than running them. On an entity
 * manager with a query runner (a transaction's) it runs on that runner's connection; otherwise on
 * the data source's pool. Answers its rows (whatever the command, unlike TypeORM's query for UPDATE).
 */
export async function queryNamed<Row extends QueryResultRow = QueryResultRow>(
  db: DataSource | EntityManager,
  text: string,
  values: readonly unknown[],
): Promise<Row[]> {
  const connection = await connectionOf(db);
  return (await connection.query<Row>({ name: statementName(text), text, values: [...values] })).rows;
}

/**
 * A query runner's statements (its transaction, its session's settings) must go through its own
 * connection; a data source or a manager without one may take any pooled connection.
 */
async function connectionOf(db: DataSource | EntityManager): Promise<Pool | PoolClient> {
  if (db instanceof DataSource) return (db.driver as PostgresDriver).master;
  const runner = db.queryRunner as PostgresQueryRunner | undefined;
  return runner ? runner.connect() : (db.connection.driver as PostgresDriver).master;
}
