import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * One database per test file: cloned from a migrated template that global-setup.ts makes once
 * per `jest` run, so files never see each other's rows and cloning costs milliseconds. Names
 * carry the run id, so concurrent runs on one machine leave each other alone.
 */
export const SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export function runId(): string {
  const id = process.env.TENENS_TEST_RUN;
  if (!id) throw new Error('TENENS_TEST_RUN is not set: run integration tests through jest (global-setup.ts)');
  return id;
}

export const templateName = (run: string) => `tenens_t_${run}_tpl`;

export function databaseUrl(name: string): string {
  return `${SERVER_URL}/${name}`;
}

export async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const run = runId();
  const name = `tenens_t_${run}_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(3).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${templateName(run)}`));
  return {
    name,
    url: databaseUrl(name),
    drop: async () => {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function dropRunDatabases(run: string): Promise<void> {
  await withAdmin(async (client) => {
    const rows = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`tenens_t_${run}_%`]);
    for (const row of rows.rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  });
}
