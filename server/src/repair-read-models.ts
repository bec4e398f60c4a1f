import { ConfigError, loadConfig } from './config/config';
import { DatabaseUnreachableError, openDatabase } from './database/database';
import { listStalls, repairStall, type RepairAction } from './platform/read-models/stalls';

const USAGE = 'Usage: npm run read-models:repair [-- <read model> --retry | --skip]';

/**
 * `npm run read-models:repair`: lists the read models stopped at an event they could not apply;
 * `-- <name> --retry` lets one try that event again (after a fix is deployed), `-- <name> --skip`
 * lets it pass over that one event for good. Running servers pick the repair up within a second.
 */
async function repair(args: string[]): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.DATABASE_URL);
  try {
    const [name, flag] = args;
    if (!name) {
      const stalls = await listStalls(db);
      if (stalls.length === 0) console.log('Every read model is running.');
      for (const stall of stalls) {
        console.log(`${stall.name}: stopped at ${stall.event_type} ${stall.event_id} on ${stall.stream_id} (${stall.position})`);
        console.log(`  since ${stall.stalled_at.toISOString()} after ${stall.attempts} failures: ${stall.error}`);
      }
      if (stalls.length) console.log(`\n${USAGE}`);
      return;
    }
    const action: RepairAction | null = flag === '--retry' ? 'retry' : flag === '--skip' ? 'skip' : null;
    if (!action) throw new Error(USAGE);
    const stall = await repairStall(db, name, action);
    if (!stall) throw new Error(`The read model "${name}" is not stopped.`);
    console.log(
      `${name}: ${action === 'skip' ? 'skips' : 'retries'} ${stall.event_type} ${stall.event_id}; recorded in read_model_repairs.`,
    );
  } finally {
    await db.destroy();
  }
}

repair(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
  console.error(known || error instanceof Error ? (error as Error).message : String(error));
  process.exit(1);
});
