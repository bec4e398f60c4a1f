import { allProjections } from '../../projections';
import { ConfigError, loadConfig } from './config/config';
import { DatabaseUnreachableError, openDatabase } from './database/database';
import { createEventStore } from './eventstore';
import { ProjectionRunner } from './platform/read-models/projection-runner';

/**
 * `npm run projections:rebuild`: empties every read model and replays the whole event log into
 * it. Safe while servers run: each projection is rebuilt under the same lock its runner takes.
 */
async function rebuild(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.DATABASE_URL);
  const events = createEventStore(config);
  try {
    const started = Date.now();
    const runner = new ProjectionRunner(db, events, allProjections, null);
    const applied = await runner.rebuild();
    console.log(
      `Rebuilt ${allProjections.length} read models (${allProjections.map((p) => p.name).join(', ') || 'none'}) ` +
        `from ${applied} events in ${Date.now() - started} ms.`,
    );
  } finally {
    await events.close();
    await db.destroy();
  }
}

rebuild().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
  console.error(known ? (error as Error).message : `Rebuild failed: ${(error as Error).message}`);
  process.exit(1);
});
