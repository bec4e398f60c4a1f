import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';
import { DataSource, QueryRunnerAlreadyReleasedError, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import type { SqlStatement } from '../eventstore/event-store.port';
import { literal } from './sql-literals';

/**
 * Names by statement text: a few shapes, fixed by the code (never by the data). The same text
 * always gets the same name (a connection refuses one name for two texts).
 */
function namer(prefix: string): (text: string) => string {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known) return known;
    const name = `${prefix}${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/**
 * The name a statement's text runs under as a named statement: each pooled connection parses
 * and plans it once, then only binds its values.
 */
export const statementName = namer('tenens_');

/** Names of statements prepared with SQL's PREPARE (executePrepared), apart from node-postgres's own. */
const preparedName = namer('tenens_sql_');

/** The statements each pooled connection has prepared with PREPARE (gone with the connection). */
const preparedOn = new WeakMap<PoolClient, Set<string>>();

/**
 * Runs several statements in one simple-protocol message (one round trip, one implicit
 * transaction, as withLiterals allows) as EXECUTEs of statements each connection prepared once:
 * Postgres then parses only the short EXECUTE with its literal arguments and reuses the plan,
 * where the whole statements would be parsed and planned on every call. A connection prepares
 * each text it has not seen yet first, each in a round trip of its own: a PREPARE that failed or
 * was cancelled then leaves nothing behind that the connection believes it lacks (it would
 * refuse to prepare that name twice). Answers each statement's result.
 */
export async function executePrepared(pool: Pool, statements: readonly SqlStatement[]): Promise<QueryResult[]> {
  // Written first: a statement short of values is refused before anything reaches Postgres.
  const text = statements.map(execute).join(';\n');
  const client = await pool.connect();
  try {
    const known = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, known);
    for (const sql of new Set(statements.map((statement) => statement.sql))) {
      if (known.has(preparedName(sql))) continue;
      await client.query(`PREPARE ${preparedName(sql)} AS ${sql}`);
      known.add(preparedName(sql));
    }
    const answers: QueryResult | QueryResult[] = await client.query(text);
    return Array.isArray(answers) ? answers : [answers];
  } finally {
    client.release();
  }
}

/** How many parameters each statement text takes (its highest $n), counted once per text. */
const parameterCounts = new Map<string, number>();

function parameterCount(sql: string): number {
  const known = parameterCounts.get(sql);
  if (known !== undefined) return known;
  // Scanned on every call, each statement's text allocated a match per parameter, on every command.
  const count = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  parameterCounts.set(sql, count);
  return count;
}

/** EXECUTE with the statement's values as literals, as many as its text has parameters. */
function execute({ sql, values }: SqlStatement): string {
  const count = parameterCount(sql);
  if (count > values.length) throw new RangeError(`No value for $${count} in: ${sql.slice(0, 80)}`);
  return count === 0 ? `EXECUTE ${preparedName(sql)}` : `EXECUTE ${preparedName(sql)}(${values.slice(0, count).map(literal).join(', ')})`;
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
  if (!runner) return (db.connection.driver as PostgresDriver).master;
  // As TypeORM's own query: a released runner would otherwise take a pooled connection it never gives back.
  if (runner.isReleased) throw new QueryRunnerAlreadyReleasedError();
  return runner.connect();
}
