import { loadConfig, ConfigError } from './config/config';
import { DatabaseUnreachableError } from './database/database';
import { RedisUnreachableError } from './redis/redis';
import { createApp } from './app';

/**
 * `npm start`. Problems a person can fix (a bad variable, Postgres or Redis not running) are
 * printed as plain sentences and the process exits non-zero, without a stack trace.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.PORT);
  const url = await app.getUrl();
  console.log(`Tenens is running at ${config.APP_URL} (listening on ${url.replace('[::1]', 'localhost')}, mode ${config.RUN_MODE})`);
}

main().catch((error: unknown) => {
  const known = [ConfigError, DatabaseUnreachableError, RedisUnreachableError].some((type) => error instanceof type);
  const message = known ? (error as Error).message : `Tenens could not start: ${(error as Error)?.message ?? error}`;
  console.error(`\n${message}\n`);
  process.exit(1);
});
