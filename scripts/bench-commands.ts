/**
 * `npm run bench:commands`: HTTP bid commands per second against the ceiling of this Postgres.
 *
 * Recreates a scratch database (tenens_bench_commands, or BENCH_DATABASE_URL), starts the built
 * server on it as a child process (dev mailbox, its own queue prefix), and seeds through the API:
 * one verified facility with one active posting per connection and one verified applicant with a
 * bid on each. After 3 s of warm-up at the first level, not counted, each connection alternates a
 * facility counter and an applicant counter on its own bid for BENCH_SECONDS at 8, 16, 32 and 64
 * connections, and checks read-your-writes on a sample (the caller's next GET shows the rate it
 * just sent).
 *
 * The ceiling is pgbench in the same run, on the same database (a copy of the events table, so the
 * server never reads its events), with a script that does what one
 * command must do at the least: read a stream, append an event with the next version (unique
 * key), and upsert a read-model row, in one transaction. The ratio commands/s / ceiling tps is the
 * goal's measure (>= 0.4), with p99 at 64 connections (<= 100 ms) and the server's RSS (<= 300 MB).
 * pgbench's own mean latency is printed beside its tps: the run's time x clients / transactions,
 * as pgbench reports it, which is the mean a closed loop of that many callers gets from the
 * database alone (compare it with the commands' p50). Its per-transaction log is not: on these
 * cores it showed a mean of 3.8 ms where pgbench reported 37.9 ms, because it leaves out the
 * time each client waits for its pgbench thread.
 *
 * `--floor` also measures the floor: scripts/bench-floor-server (node:http and pg running the
 * ceiling's transaction, nothing of Tenens) under the same load, against the same ceiling, so a
 * run shows how far a bid command is from what Node itself reaches on this machine.
 *
 * The server runs with scripts/sql-counter preloaded, so the bench also prints how many SQL
 * statements the server sends per command, and per second while idle (after seeding, before the
 * load: an idle server should send none). `npm run bench:idle` (--idle-only) measures only that.
 * Where Postgres runs on this machine it also prints the CPU its backends for the server's
 * database spent per command (a backend that closes during a level is missed, never subtracted),
 * and the load generator (this process) its own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import {
  Api,
  BENCH_ADMIN,
  benchUrl,
  cpuMeter,
  cpuSeconds,
  freePort,
  type LevelResult,
  loadAverage,
  publishedPosting,
  recreate,
  rssMb,
  sqlCount,
  startServer,
  summary,
  totalCpuSeconds,
  verifiedApplicant,
  verifiedFacility,
} from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const IDLE_ONLY = process.argv.includes('--idle-only');
const FLOOR = process.argv.includes('--floor');
/**
 * The servers started on the one database, by their RUN_MODE: BENCH_MODES=all,all runs two
 * instances (one per core) that share the connections, each keeping its bids on one instance;
 * api,worker gives the commands to one and the background work to the other. Default: all.
 */
const MODES = (process.env.BENCH_MODES ?? 'all').split(',');
const INSTANCES = MODES.length;
/** With BENCH_RESULT_FILE, each level's figures are also written there as JSON (bench-pairs reads them). */
const RESULT_FILE = process.env.BENCH_RESULT_FILE;
/** BENCH_LEVELS=16,64 runs only those levels (an A/B needs fewer); the goal is read at the last. */
const LEVELS = process.env.BENCH_LEVELS ? process.env.BENCH_LEVELS.split(',').map(Number) : [8, 16, 32, 64];
const MAX_CONNECTIONS = Math.max(...LEVELS);
const GOAL_RATIO = 0.4;
const GOAL_P99_MS = 100;
const GOAL_RSS_MB = 300;

interface Lane {
  bidId: string;
  rate: number;
  /** Whose move it is on this bid: the facility counters first, then the applicant, in turn. */
  facilityTurn: boolean;
}

async function seed(api: Api): Promise<{ facility: string; applicant: string; lanes: Lane[] }> {
  const admin = await api.login(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const facility = await verifiedFacility(api, admin, 'bench-facility@tenens.test', 0);
  const applicant = await verifiedApplicant(api, admin, 'bench-crna@tenens.test', 0);
  const lanes: Lane[] = [];
  for (let i = 0; i < MAX_CONNECTIONS; i++) {
    const postingId = await publishedPosting(api, admin, facility, `Bench job ${i + 1}`);
    const bid = await api.call('POST', '/job-bids', applicant.token, { job_posting_id: postingId, proposed_rate: 180 });
    lanes.push({ bidId: bid.id, rate: 180, facilityTurn: true });
  }
  return { facility: facility.token, applicant: applicant.token, lanes };
}

/** Statements the servers have sent so far. */
async function sqlStatements(servers: ChildProcess[]): Promise<number> {
  const counts = await Promise.all(servers.map(sqlCount));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Statements per second while nobody calls the server. */
async function idleStatementsPerSecond(servers: ChildProcess[]): Promise<number> {
  // Let the seeding's emails and reactors finish first.
  await new Promise((wake) => setTimeout(wake, 3000));
  const before = await sqlStatements(servers);
  await new Promise((wake) => setTimeout(wake, IDLE_SECONDS * 1000));
  return ((await sqlStatements(servers)) - before) / IDLE_SECONDS;
}

/**
 * One request over a keep-alive node:http socket, answering its JSON: fetch() costs the load
 * generator 0.6-1 ms of CPU per request against node:http's 0.14-0.25 ms (see bench-search.ts),
 * and the generator shares the machine's cores with the server and Postgres it measures.
 */
function send<Answer = unknown>(agent: Agent, method: string, url: string, token: string): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        if ((response.statusCode ?? 500) >= 400) reject(new Error(`${method} ${url}: ${response.statusCode} ${text.slice(0, 300)}`));
        else resolve(text ? JSON.parse(text) : null);
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Each connection counters on its own bid, facility and applicant in turn, for SECONDS, on the instance of its index. */
async function load(apis: Api[], tokens: { facility: string; applicant: string }, lanes: Lane[], connections: number, seconds = SECONDS) {
  const agent = new Agent({ keepAlive: true });
  const latencies: number[] = [];
  let stale = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    lanes.slice(0, connections).map(async (lane, index) => {
      const api = apis[index % apis.length];
      let n = 0;
      while (performance.now() < until) {
        lane.rate = 150 + ((lane.rate + 1) % 100);
        const path = lane.facilityTurn ? `/job-bids/${lane.bidId}/counter` : `/job-bids/${lane.bidId}/counter-by-applicant`;
        const token = lane.facilityTurn ? tokens.facility : tokens.applicant;
        const t0 = performance.now();
        try {
          await send(agent, 'PUT', `${api.base}/api${path}?counter_rate=${lane.rate}`, token);
          latencies.push(performance.now() - t0);
          // Read-your-writes, sampled: the caller's next read shows the rate it just sent.
          if (n++ % 10 === index % 10) {
            const url = `${api.base}/api/job-bids/my-bids?limit=100`;
            const bids = lane.facilityTurn ? null : await send<{ id: string; counter_rate: number }[]>(agent, 'GET', url, token);
            const mine = bids?.find((bid) => bid.id === lane.bidId);
            if (mine && mine.counter_rate !== lane.rate) stale += 1;
          }
          lane.facilityTurn = !lane.facilityTurn;
        } catch (error) {
          errors += 1;
          if (errors < 5) console.error(`${String(error)} ${(error as Error).cause ?? ''}`);
        }
      }
    }),
  );
  agent.destroy();
  return { ...summary(latencies), perSecond: latencies.length / seconds, commands: latencies.length, stale, errors };
}

/** The floor server (bench-floor-server), started on its own tables of the scratch database. */
async function startFloor(db: Client, url: string): Promise<{ process: ChildProcess; port: number }> {
  await db.query('CREATE TABLE bench_floor_events (LIKE events INCLUDING ALL)');
  await db.query('CREATE TABLE bench_floor_read_model (lane int PRIMARY KEY, counter_rate int, updated_at timestamptz)');
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'bench-floor-server.js')], {
    env: { ...process.env, FLOOR_DATABASE_URL: url, FLOOR_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, failed) => {
    child.stdout?.once('data', () => ready());
    child.once('exit', (code) => failed(new Error(`the floor server exited with ${code}`)));
  });
  return { process: child, port };
}

/** Each connection counters on 16 lanes of its own (as pgbench's clients spread theirs), for SECONDS. */
async function floorLoad(port: number, pid: number, connections: number) {
  const agent = new Agent({ keepAlive: true });
  const latencies: number[] = [];
  const cpuBefore = cpuSeconds(pid);
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      for (let rate = 150; performance.now() < until;) {
        rate = 150 + ((rate + 1) % 100);
        const lane = index * 16 + 1 + Math.floor(Math.random() * 16);
        const t0 = performance.now();
        await send(agent, 'PUT', `http://127.0.0.1:${port}/lanes/${lane}/counter?counter_rate=${rate}`, '');
        latencies.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  const cpuPerCommand = (1000 * (cpuSeconds(pid) - cpuBefore)) / latencies.length;
  return { ...summary(latencies), perSecond: latencies.length / SECONDS, cpuPerCommand };
}

/** Waits until the servers have used no CPU for a quarter of a second (their followers are done). */
async function settled(pids: number[]): Promise<void> {
  for (let last = totalCpuSeconds(pids), i = 0; i < 120; i++) {
    await new Promise((wake) => setTimeout(wake, 250));
    const now = totalCpuSeconds(pids);
    if (now === last) return;
    last = now;
  }
}

/** The ceiling at one level: pgbench's transactions per second and its mean latency in ms (closed loop). */
interface Ceiling {
  tps: number;
  mean: number;
}

/**
 * pgbench with a script that does the least a command must: read, append, upsert, one transaction.
 * Its clients wait for each answer as the bench's connections do; the mean it reports is the
 * run's time x clients / transactions (see the top of this file for why not its log's latencies).
 */
function ceiling(url: string, clients: number): Ceiling {
  const script = join(tmpdir(), 'tenens-bench-command.sql');
  writeFileSync(
    script,
    `\\set lane random(1, ${MAX_CONNECTIONS * 16})
BEGIN;
SELECT stream_version, type, data FROM bench_events WHERE stream_id = 'bench-' || :lane ORDER BY stream_version;
INSERT INTO bench_events (stream_id, stream_version, event_id, type, data)
  SELECT 'bench-' || :lane, coalesce(max(stream_version), -1) + 1, gen_random_uuid(), 'BenchCountered', '{"counter_rate": 190}'
    FROM bench_events WHERE stream_id = 'bench-' || :lane;
INSERT INTO bench_read_model (lane, counter_rate, updated_at) VALUES (:lane, 190, now())
  ON CONFLICT (lane) DO UPDATE SET counter_rate = excluded.counter_rate, updated_at = excluded.updated_at;
END;
`,
  );
  const run = spawnSync('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(SECONDS), '-f', script, url], {
    encoding: 'utf8',
  });
  const tps = Number(run.stdout.match(/tps = ([\d.]+)/)?.[1]);
  const mean = Number(run.stdout.match(/latency average = ([\d.]+) ms/)?.[1]);
  if (!tps || !mean) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
  return { tps, mean };
}

/** The floor at every level, after the bid commands (the server idles meanwhile). */
async function measureFloor(db: Client, url: string) {
  const floor = await startFloor(db, url);
  try {
    const levels = [];
    for (const connections of LEVELS)
      levels.push({ connections, result: await floorLoad(floor.port, floor.process.pid as number, connections) });
    return levels;
  } finally {
    floor.process.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const url = benchUrl('tenens_bench_commands');
  console.log(`Recreating ${new URL(url).pathname.slice(1)}...`);
  await recreate(url);
  const servers: ChildProcess[] = [];
  const apis: Api[] = [];
  try {
    for (let instance = 0; instance < INSTANCES; instance++) {
      const port = await freePort();
      // One queue prefix, as instances of one deployment share their queues and socket channel.
      const env = { SQL_COUNT: '1', QUEUE_PREFIX: `bench${process.pid}`, RUN_MODE: MODES[instance] };
      servers.push(await startServer(url, port, env));
      if (MODES[instance] !== 'worker') apis.push(new Api(`http://127.0.0.1:${port}`));
    }
    const pids = servers.map((server) => server.pid as number);
    console.log(`Seeding ${MAX_CONNECTIONS} postings with a bid each...`);
    const { lanes, ...tokens } = await seed(apis[0]);
    const db = new Client({ connectionString: url });
    await db.connect();
    await db.query('CREATE TABLE bench_read_model (lane int PRIMARY KEY, counter_rate int, updated_at timestamptz)');
    // The same table as the log, apart: the server's followers would otherwise read pgbench's events.
    await db.query('CREATE TABLE bench_events (LIKE events INCLUDING ALL)');

    console.log(`\nIdle: ${(await idleStatementsPerSecond(servers)).toFixed(2)} SQL statements/s over ${IDLE_SECONDS} s`);
    if (IDLE_ONLY) return void (await db.end());

    console.log(
      `\nconnections  commands/s  pgbench tps  pgbench mean ms  ratio  p50 ms  p99 ms  stale reads  errors  server RSS MB  SQL/command  server CPU ms/command  Postgres CPU ms/command  generator CPU ms/command`,
    );
    // A cold start is not the steady state measured: compiled code, pooled connections and
    // their prepared statements come first, at the first level's connections, not counted.
    await load(apis, tokens, lanes, LEVELS[0], WARM_UP_SECONDS);
    await settled(pids);
    // Every HTTP level first, back to back: idle keep-alive sockets closed by the server while
    // pgbench ran would otherwise fail the next level's first requests.
    const measured = [];
    for (const connections of LEVELS) {
      const before = await sqlStatements(servers);
      const cpu = await cpuMeter(db, pids);
      const generatorBefore = process.cpuUsage();
      const result = await load(apis, tokens, lanes, connections);
      const generator = process.cpuUsage(generatorBefore);
      // Background work (emails, the inbox, the audit) follows the commands: let it finish.
      await settled(pids);
      // Include the sampled read-your-writes GETs (one in ten applicant moves) and that background work.
      const perCommand = ((await sqlStatements(servers)) - before) / result.commands;
      const used = await cpu.used();
      const cpuPerCommand = (1000 * used.processes) / result.commands;
      const postgresPerCommand = (1000 * used.postgres) / result.commands;
      const generatorPerCommand = (generator.user + generator.system) / 1000 / result.commands;
      measured.push({
        connections,
        result,
        rss: Math.max(...pids.map(rssMb)),
        perCommand,
        cpuPerCommand,
        postgresPerCommand,
        generatorPerCommand,
      });
    }
    const floor = FLOOR ? await measureFloor(db, url) : [];
    await db.end();
    const ceilings = new Map(LEVELS.map((connections) => [connections, ceiling(url, connections)]));
    let last = { ratio: 0, p99: Infinity, rss: Infinity, cpu: NaN };
    const results: LevelResult[] = [];
    for (const { connections, result, rss, perCommand, cpuPerCommand, postgresPerCommand, generatorPerCommand } of measured) {
      const { tps, mean: ceilingMean } = ceilings.get(connections) as Ceiling;
      const ratio = result.perSecond / tps;
      console.log(
        `${String(connections).padStart(11)}  ${result.perSecond.toFixed(1).padStart(10)}  ${tps.toFixed(0).padStart(11)}  ` +
          `${ceilingMean.toFixed(1).padStart(15)}  ` +
          `${ratio.toFixed(3).padStart(5)}  ${result.p50.toFixed(1).padStart(6)}  ${result.p99.toFixed(1).padStart(6)}  ` +
          `${String(result.stale).padStart(11)}  ${String(result.errors).padStart(6)}  ${rss.toFixed(0).padStart(13)}  ${perCommand.toFixed(1).padStart(11)}  ` +
          `${cpuPerCommand.toFixed(2).padStart(20)}  ${postgresPerCommand.toFixed(2).padStart(22)}  ${generatorPerCommand.toFixed(2).padStart(23)}`,
      );
      last = { ratio, p99: result.p99, rss, cpu: cpuPerCommand + postgresPerCommand + generatorPerCommand };
      results.push({ connections, perSecond: result.perSecond, p50: result.p50, p99: result.p99, rss, cpuPerCommand, postgresPerCommand });
    }
    if (RESULT_FILE) writeFileSync(RESULT_FILE, JSON.stringify(results));
    if (floor.length > 0) {
      console.log(`\nFloor: node:http + pg running the ceiling's transaction, nothing of Tenens (scripts/bench-floor-server)`);
      console.log(`connections  commands/s  ratio  p50 ms  p99 ms  server CPU ms/command`);
      for (const { connections, result } of floor) {
        const ratio = result.perSecond / (ceilings.get(connections) as Ceiling).tps;
        console.log(
          `${String(connections).padStart(11)}  ${result.perSecond.toFixed(1).padStart(10)}  ${ratio.toFixed(3).padStart(5)}  ` +
            `${result.p50.toFixed(1).padStart(6)}  ${result.p99.toFixed(1).padStart(6)}  ${result.cpuPerCommand.toFixed(2).padStart(21)}`,
        );
      }
    }
    const met = last.ratio >= GOAL_RATIO && last.p99 <= GOAL_P99_MS && last.rss <= GOAL_RSS_MB;
    console.log(
      `\nGoal at ${MAX_CONNECTIONS} connections: ratio >= ${GOAL_RATIO}, p99 <= ${GOAL_P99_MS} ms, RSS <= ${GOAL_RSS_MB} MB: ` +
        `${met ? 'met' : 'not met'} (load average ${loadAverage()})`,
    );
    console.log(cpuBudget(last.cpu));
    process.exitCode = met ? 0 : 1;
  } finally {
    for (const server of servers) server.kill('SIGTERM');
  }
}

/**
 * What this machine's cores allow at the top level, whatever the server does with them: every
 * command costs the cores the CPU of the server, its Postgres backends and this generator, so the
 * throughput is at most cores / that sum, and a closed loop of that many connections waits at
 * least connections / throughput on average (Little's law). A p99 goal below that mean cannot be
 * met on this machine without spending less CPU per command; the p99 of a saturated closed loop
 * here runs about twice its median (the floor's too).
 */
function cpuBudget(cpuMs: number): string {
  if (!Number.isFinite(cpuMs)) return 'CPU budget: not measured (Postgres runs on another machine)';
  const cores = availableParallelism();
  const most = (cores * 1000) / cpuMs;
  const leastMean = (MAX_CONNECTIONS / most) * 1000;
  return (
    `CPU budget at ${MAX_CONNECTIONS} connections: ${cpuMs.toFixed(2)} ms of CPU per command in all, so ${cores} cores allow at most ` +
    `${most.toFixed(0)} commands/s and a mean latency of at least ${leastMean.toFixed(1)} ms`
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
