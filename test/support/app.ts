import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../server/src/app';
import { Config, loadConfig } from '../../server/src/config/config';
import { ProjectionRunner } from '../../server/src/platform/read-models/projection-runner';
import { ReactorRunner } from '../../server/src/platform/reactors/reactor-runner';
import { createTestDatabase, TestDatabase } from './database';
import { SmtpSink } from './smtp-sink';

export interface TestApp {
  app: NestFastifyApplication;
  config: Config;
  db: DataSource;
  url: string;
  mail: SmtpSink;
  database: TestDatabase;
  http: () => ReturnType<typeof request>;
  projections: ProjectionRunner;
  reactors: ReactorRunner;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse another app's database (and queue prefix), e.g. to run two instances side by side. */
  shareWith?: TestApp;
}

/**
 * A real Tenens instance for integration tests: its own database (cloned from the migrated
 * template), its own QUEUE_PREFIX on the shared Redis, a real SMTP sink, listening on a free port.
 */
/** The Redis every test shares (apps keep apart by their queue prefix). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.shareWith?.database ?? (await createTestDatabase());
  const mail = options.shareWith?.mail ?? (await new SmtpSink().start());
  const prefix = options.shareWith?.config.QUEUE_PREFIX ?? `t${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    SMTP_URL: mail.url,
    JWT_SECRET: 'test-secret-0123456789abcdef',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests that are not about the undo window want the rejection email at once.
    REJECTION_EMAIL_DELAY_SECONDS: '0',
    COUNTER_EMAIL_DELAY_SECONDS: '0',
    // Tests assert read-your-writes itself: a command's answer shows its write. Production bounds
    // the wait at 3 s and then answers anyway; on a CI machine at load average 12 a read model's
    // batch can take longer than that, and the answer would show the state before the write.
    READ_YOUR_WRITES_TIMEOUT_MS: '20000',
    ...options.env,
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  // Email links must point at this instance; the config object is the one the app injected.
  if (!options.env?.APP_URL) config.APP_URL = url;
  const owner = !options.shareWith;
  return {
    app,
    config,
    db: app.get(DataSource),
    url,
    mail,
    database,
    http: () => request(url),
    projections: app.get(ProjectionRunner),
    reactors: app.get(ReactorRunner),
    close: async () => {
      await app.close();
      if (!owner) return;
      await mail.stop();
      await database.drop();
    },
  };
}
