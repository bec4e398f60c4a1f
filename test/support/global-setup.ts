import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../server/src/database/database';
import { databaseUrl, dropRunDatabases, templateName, withAdmin } from './database';

/** Makes this run's migrated template database; workers clone it per test file. */
export default async function globalSetup(): Promise<void> {
  const run = randomBytes(3).toString('hex');
  process.env.TENENS_TEST_RUN = run;
  await dropRunDatabases(run);
  await withAdmin((client) => client.query(`CREATE DATABASE ${templateName(run)}`));
  const dataSource = await openDatabase(databaseUrl(templateName(run)), 2);
  await dataSource.destroy();
}
