/**
 * `npm run bench:rebuild`: how fast `npm run projections:rebuild` replays the log.
 *
 * Recreates a scratch database (tenens_bench_rebuild, or BENCH_DATABASE_URL; its name must
 * contain "bench"), migrates it and appends a realistic log of BENCH_EVENTS events (default
 * 200,000; scripts/event-log.ts: facilities with teams and credits, applicants, postings through
 * their lifecycle, bids with counters), then times a full rebuild of every read model into fresh
 * tables and the swap. Prints events/s beside the goal (20,000), each phase, the rows written,
 * the process's peak RSS and the load average (other work on the machine slows it down).
 * Exits 1 below the goal. BENCH_REUSE=1 keeps the last seed and only times the rebuild.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { allProjections } from '../projections';
import { openDatabase } from '../server/src/database/database';
import { PostgresEventStore } from '../server/src/eventstore';
import { rebuildReadModels } from '../server/src/platform/read-models/rebuild';
import { benchUrl, cpuMeter, recreate } from './bench-support';
import { appendLog, generateLog } from './event-log';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const GOAL_EVENTS_PER_SECOND = 20_000;

async function seed(url: string): Promise<void> {
  await recreate(url);
  const migrated = await openDatabase(url);
  await migrated.destroy();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await appendLog(client, generateLog(EVENTS));
    // A log as a rebuild meets it in production: long committed, so its rows are all-visible
    // (the first read of freshly written rows would otherwise pay for setting their hint bits).
    await client.query('VACUUM ANALYZE events');
    console.log(`Seeded ${EVENTS.toLocaleString('en-US')} events in ${Math.round(performance.now() - started)} ms.`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const url = benchUrl('tenens_bench_rebuild');
  if (!process.env.BENCH_REUSE) await seed(url);
  const db = await openDatabase(url, 8);
  const store = new PostgresEventStore(url);
  // Its own connection, to read the rebuild's backends' CPU from /proc (it does not count itself).
  const meterClient = new Client({ connectionString: url });
  await meterClient.connect();
  try {
    const before = loadavg();
    const backends = await cpuMeter(meterClient, []);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const outcome = await rebuildReadModels(db, store, allProjections);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    const postgresMs = (await backends.used()).postgres * 1000;
    const cpuMs = (user + system) / 1000;
    const rate = Math.round((outcome.events * 1000) / ms);
    const rows = await Promise.all(
      allProjections
        .flatMap((projection) => projection.tables)
        .map(async (table) => {
          const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
          return `${table} ${n.toLocaleString('en-US')}`;
        }),
    );
    const { replay, write, keys, swap } = outcome.timings;
    console.log(
      `Rebuilt ${allProjections.length} read models from ${outcome.events.toLocaleString('en-US')} events in ${Math.round(ms)} ms.`,
    );
    console.log(
      `  phases: replay (read + fold) ${replay} ms, bulk write + indexes + analyze ${write} ms, foreign keys ${keys} ms, swap ${swap} ms`,
    );
    console.log(`  rows: ${rows.join(', ')}`);
    console.log(`  peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    // The machine may be shared: CPU time of this process (Postgres works beside it) is steadier than the clock.
    console.log(
      `  this process used ${Math.round(cpuMs)} ms of CPU: ${Math.round((outcome.events * 1000) / cpuMs).toLocaleString('en-US')} events per CPU-second`,
    );
    // Which side holds the rebuild back: this process runs on one core, Postgres' backends beside it.
    if (!Number.isNaN(postgresMs)) {
      const cores = availableParallelism();
      const shared = (cpuMs + postgresMs) / cores;
      const floor = cpuMs >= shared ? `this process's own CPU, on one core` : `both sides' CPU spread over ${cores} cores`;
      console.log(
        `  its Postgres backends used ${Math.round(postgresMs)} ms of CPU: the rebuild needs about ${Math.round(Math.max(cpuMs, shared))} ms at least (${floor})`,
      );
    }
    console.log(
      `  load average before ${before.map((n) => n.toFixed(2)).join(' ')}, after ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const verdict = rate >= GOAL_EVENTS_PER_SECOND ? 'meets' : 'BELOW';
    console.log(`${rate.toLocaleString('en-US')} events/s (goal >= ${GOAL_EVENTS_PER_SECOND.toLocaleString('en-US')}: ${verdict})`);
    if (rate < GOAL_EVENTS_PER_SECOND) process.exitCode = 1;
  } finally {
    await meterClient.end();
    await store.close();
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
