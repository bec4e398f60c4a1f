import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../migrations';

/** Where a connection string points, without its password, for messages people read. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `Cannot reach PostgreSQL at ${describeDatabase(url)} (${(cause as Error).message}).\n` +
        '  Start PostgreSQL (for example `pg_ctlcluster 15 main start`, or `docker compose up -d postgres`)\n' +
        '  or point DATABASE_URL at a running server, e.g. DATABASE_URL=postgres://user:pass@host:5432/tenens',
    );
    this.name = 'DatabaseUnreachableError';
  }
}

/** Creates the database named in `url` when it does not exist yet (the runtime contract). */
export async function ensureDatabase(url: string): Promise<void> {
  const probe = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => undefined);
    if ((error as { code?: string }).code !== '3D000') throw new DatabaseUnreachableError(url, error);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another instance starting at the same moment may have created it first.
    if ((error as { code?: string }).code !== '42P04') throw new DatabaseUnreachableError(url, error);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    extra: { max: poolSize, connectionTimeoutMillis: 5000 },
    logging: false,
  });
}

/** Connects, creating the database if needed, and applies pending migrations. */
export async function openDatabase(url: string, poolSize?: number): Promise<DataSource> {
  await ensureDatabase(url);
  const dataSource = createDataSource(url, poolSize);
  try {
    await dataSource.initialize();
  } catch (error) {
    throw new DatabaseUnreachableError(url, error);
  }
  // Several instances may start together; the advisory lock lets exactly one migrate at a time.
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  await lock.query('SELECT pg_advisory_lock(7357001)');
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(7357001)');
    await lock.release();
  }
  return dataSource;
}
