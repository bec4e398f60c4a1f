import { allProjections } from '../../projections';
import { ConfigError, loadConfig } from './config/config';
import { DatabaseUnreachableError, openDatabase } from './database/database';
import { createEventStore } from './eventstore';
import { rebuildReadModels } from './platform/read-models/rebuild';

/**
 * `npm run projections:rebuild [-- name ...]`: replays the whole event log into fresh copies of
 * the read models (all of them, or those named) and swaps them in at the end, in one
 * transaction with their checkpoints. Safe while servers run: they keep serving the live read
 * models until the swap, and continue from the new checkpoints after it. A failure changes
 * nothing live and exits 1.
 */
async function rebuild(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !allProjections.some((projection) => projection.name === name));
  if (unknown.length > 0) {
    throw new ConfigError([`Unknown read model ${unknown.join(', ')}; known: ${allProjections.map((p) => p.name).join(', ')}`]);
  }
  const projections = names.length > 0 ? allProjections.filter((projection) => names.includes(projection.name)) : allProjections;
  const config = loadConfig();
  const db = await openDatabase(config.DATABASE_URL);
  const events = await createEventStore(config);
  try {
    const started = Date.now();
    const outcome = await rebuildReadModels(db, events, projections);
    const ms = Math.max(Date.now() - started, 1);
    const { replay, write, keys, swap } = outcome.timings;
    console.log(
      `Rebuilt ${projections.length} read models (${projections.map((p) => p.name).join(', ')}) from ${outcome.events} events ` +
        `in ${ms} ms (${Math.round((outcome.events * 1000) / ms)} events/s; replay ${replay} ms, write and indexes ${write} ms, ` +
        `foreign keys ${keys} ms, swap ${swap} ms with ${outcome.caughtUp} events appended meanwhile).`,
    );
  } finally {
    await events.close();
    await db.destroy();
  }
}

rebuild(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
  if (known) console.error((error as Error).message);
  else console.error(`Rebuild failed: ${(error as Error).message}\nThe live read models and their checkpoints are unchanged.`);
  process.exit(1);
});
