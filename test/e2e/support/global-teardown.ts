import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS tenens_e2e_${process.env.E2E_PORT} WITH (FORCE)`);
  await admin.end();
}
