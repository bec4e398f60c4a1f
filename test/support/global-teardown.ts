import { dropRunDatabases } from './database';

export default async function globalTeardown(): Promise<void> {
  if (process.env.TENENS_TEST_RUN) await dropRunDatabases(process.env.TENENS_TEST_RUN);
}
