/**
 * `npm run bench:commands`: HTTP bid commands per second against the ceiling of this Postgres.
 *
 * Recreates a scratch database (tenens_bench_commands, or BENCH_DATABASE_URL), starts the built
 * server on it as a child process (dev mailbox, its own queue prefix), and seeds through the API:
 * one verified facility with one active posting per connection and one verified applicant with a
 * bid on each. Each connection then alternates a facility counter and an applicant counter on its
 * own bid for BENCH_SECONDS at 8, 16, 32 and 64 connections, and checks read-your-writes on a
 * sample (the caller's next GET shows the rate it just sent).
 *
 * The ceiling is pgbench in the same run, on the same database, with a script that does what one
 * command must do at the least: read a stream, append an event with the next version (unique
 * key), and upsert a read-model row, in one transaction. The ratio commands/s / ceiling tps is the
 * goal's measure (>= 0.4), with p99 at 64 connections (<= 100 ms) and the server's RSS (<= 300 MB).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { benchUrl, recreate, summary } from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEVELS = [8, 16, 32, 64];
const MAX_CONNECTIONS = Math.max(...LEVELS);
const GOAL_RATIO = 0.4;
const GOAL_P99_MS = 100;
const GOAL_RSS_MB = 300;
const ADMIN = { email: 'bench-admin@tenens.test', password: 'BenchAdmin123' };
const PASSWORD = 'BenchPass123';

interface Lane {
  bidId: string;
  rate: number;
  /** Whose move it is on this bid: the facility counters first, then the applicant, in turn. */
  facilityTurn: boolean;
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

class Api {
  constructor(readonly base: string) {}

  async call(method: string, path: string, token: string | null, body?: unknown, form = false) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return json;
  }

  async login(email: string, password: string): Promise<string> {
    return (await this.call('POST', '/auth/login', null, { username: email, password }, true)).access_token;
  }
}

async function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [resolve(__dirname, '../server/src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: url,
      QUEUE_PREFIX: `bench${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

/** Confirms an account's email the way its owner would: the link from the development mailbox. */
async function verifyEmail(api: Api, email: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const messages = await api.call('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`, null);
    const list = Array.isArray(messages) ? messages : (messages.messages ?? []);
    const text: string | undefined = list.find((m: { subject: string }) => /verify/i.test(m.subject))?.text;
    const token = text?.match(/token=([\w-]+)/)?.[1];
    if (token) return void (await api.call('POST', `/auth/verify-email?token=${token}`, null));
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`no verification email for ${email}`);
}

const npi = (seed: number) => {
  const base = String(100000000 + seed).slice(0, 9);
  const digits = `80840${base}`.split('').map(Number);
  const sum = digits
    .reverse()
    .map((d, i) => (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d))
    .reduce((a, b) => a + b, 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
};

async function seed(api: Api): Promise<{ facility: string; applicant: string; lanes: Lane[] }> {
  const admin = await api.login(ADMIN.email, ADMIN.password);
  const facilityEmail = 'bench-facility@tenens.test';
  await api.call('POST', '/auth/register', null, {
    email: facilityEmail,
    password: PASSWORD,
    role: 'facility_admin',
    tos_accepted: true,
    profile_data: {
      first_name: 'Bench',
      last_name: 'Coordinator',
      name: 'Bench Surgery Center',
      facility_type: 'Ambulatory Surgery Center',
      npi: npi(1),
      address_line1: '1 Bench Way',
      city: 'San Diego',
      state: 'CA',
      zip_code: '92101',
      phone: '6195550100',
    },
  });
  const applicantEmail = 'bench-crna@tenens.test';
  await api.call('POST', '/auth/register', null, {
    email: applicantEmail,
    password: PASSWORD,
    role: 'applicant',
    tos_accepted: true,
    profile_data: {
      first_name: 'Bench',
      last_name: 'Provider',
      license_number: 'RN424242',
      license_state: 'CA',
      license_expires_at: '2030-06-30',
      npi: npi(2),
      experience_started_at: '2015-09-01',
      role_type: 'CRNA',
      malpractice_provided: true,
      job_search_frequency_days: 7,
    },
  });
  await verifyEmail(api, facilityEmail);
  await verifyEmail(api, applicantEmail);
  const facility = await api.login(facilityEmail, PASSWORD);
  const applicant = await api.login(applicantEmail, PASSWORD);
  const me = await api.call('GET', '/users/me', facility);
  const applicantMe = await api.call('GET', '/users/me', applicant);
  await api.call('PUT', `/admin/facilities/${me.facility.id}/verify?verification_status=verified`, admin);
  await api.call('PUT', `/admin/applicants/${applicantMe.applicant.id}/verify?verification_status=verified`, admin);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const lanes: Lane[] = [];
  for (let i = 0; i < MAX_CONNECTIONS; i++) {
    await api.call('POST', `/admin/facilities/${me.facility.id}/add-credit`, admin);
    const posting = await api.call('POST', '/job-postings', facility, {
      title: `Bench job ${i + 1}`,
      role_type: 'CRNA',
      start_date: day(14),
      end_date: day(41),
      week_days: [2, 3, 4, 5, 6],
      hourly_rate: 185,
      hours_per_day: 10,
      days_per_week: 5,
      required_license_state: 'CA',
      procedure_type_ids: [1],
      on_call_ratio: null,
      supervision_type: 'medically_directed',
      malpractice_amount: null,
      lodging_amount: null,
      lodging_frequency: null,
      travel_allowance_amount: null,
    });
    await api.call('POST', `/job-postings/${posting.id}/publish`, facility);
    const bid = await api.call('POST', '/job-bids', applicant, { job_posting_id: posting.id, proposed_rate: 180 });
    lanes.push({ bidId: bid.id, rate: 180, facilityTurn: true });
  }
  return { facility, applicant, lanes };
}

/** Each connection counters on its own bid, facility and applicant in turn, for SECONDS. */
async function load(api: Api, tokens: { facility: string; applicant: string }, lanes: Lane[], connections: number) {
  const latencies: number[] = [];
  let stale = 0;
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    lanes.slice(0, connections).map(async (lane, index) => {
      let n = 0;
      while (performance.now() < until) {
        lane.rate = 150 + ((lane.rate + 1) % 100);
        const path = lane.facilityTurn ? `/job-bids/${lane.bidId}/counter` : `/job-bids/${lane.bidId}/counter-by-applicant`;
        const token = lane.facilityTurn ? tokens.facility : tokens.applicant;
        const t0 = performance.now();
        try {
          await api.call('PUT', `${path}?counter_rate=${lane.rate}`, token);
          latencies.push(performance.now() - t0);
          // Read-your-writes, sampled: the caller's next read shows the rate it just sent.
          if (n++ % 10 === index % 10) {
            const bids = lane.facilityTurn ? null : await api.call('GET', '/job-bids/my-bids?limit=100', token);
            const mine = bids?.find((bid: { id: string }) => bid.id === lane.bidId);
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
  return { ...summary(latencies), perSecond: latencies.length / SECONDS, stale, errors };
}

/** pgbench with a script that does the least a command must: read, append, upsert, one transaction. */
function ceiling(url: string, clients: number): number {
  const script = join(tmpdir(), 'tenens-bench-command.sql');
  writeFileSync(
    script,
    `\\set lane random(1, ${MAX_CONNECTIONS * 16})
BEGIN;
SELECT stream_version, type, data FROM events WHERE stream_id = 'bench-' || :lane ORDER BY stream_version;
INSERT INTO events (stream_id, stream_version, event_id, type, data)
  SELECT 'bench-' || :lane, coalesce(max(stream_version), -1) + 1, gen_random_uuid(), 'BenchCountered', '{"counter_rate": 190}'
    FROM events WHERE stream_id = 'bench-' || :lane;
INSERT INTO bench_read_model (lane, counter_rate, updated_at) VALUES (:lane, 190, now())
  ON CONFLICT (lane) DO UPDATE SET counter_rate = excluded.counter_rate, updated_at = excluded.updated_at;
END;
`,
  );
  const run = spawnSync('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(SECONDS), '-f', script, url], {
    encoding: 'utf8',
  });
  const tps = Number(run.stdout.match(/tps = ([\d.]+)/)?.[1]);
  if (!tps) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
  return tps;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

async function main(): Promise<void> {
  const url = benchUrl('tenens_bench_commands');
  console.log(`Recreating ${new URL(url).pathname.slice(1)}...`);
  await recreate(url);
  const port = await freePort();
  const server = await startServer(url, port);
  try {
    const api = new Api(`http://127.0.0.1:${port}`);
    console.log(`Seeding ${MAX_CONNECTIONS} postings with a bid each...`);
    const { lanes, ...tokens } = await seed(api);
    const db = new Client({ connectionString: url });
    await db.connect();
    await db.query('CREATE TABLE bench_read_model (lane int PRIMARY KEY, counter_rate int, updated_at timestamptz)');
    await db.end();

    console.log(`\nconnections  commands/s  pgbench tps  ratio  p50 ms  p99 ms  stale reads  errors  server RSS MB`);
    // Every HTTP level first, back to back: idle keep-alive sockets closed by the server while
    // pgbench ran would otherwise fail the next level's first requests.
    const measured = [];
    for (const connections of LEVELS) {
      const result = await load(api, tokens, lanes, connections);
      measured.push({ connections, result, rss: rssMb(server.pid as number) });
    }
    let last = { ratio: 0, p99: Infinity, rss: Infinity };
    for (const { connections, result, rss } of measured) {
      const tps = ceiling(url, connections);
      const ratio = result.perSecond / tps;
      console.log(
        `${String(connections).padStart(11)}  ${result.perSecond.toFixed(1).padStart(10)}  ${tps.toFixed(0).padStart(11)}  ` +
          `${ratio.toFixed(3).padStart(5)}  ${result.p50.toFixed(1).padStart(6)}  ${result.p99.toFixed(1).padStart(6)}  ` +
          `${String(result.stale).padStart(11)}  ${String(result.errors).padStart(6)}  ${rss.toFixed(0).padStart(13)}`,
      );
      last = { ratio, p99: result.p99, rss };
    }
    const met = last.ratio >= GOAL_RATIO && last.p99 <= GOAL_P99_MS && last.rss <= GOAL_RSS_MB;
    console.log(
      `\nGoal at ${MAX_CONNECTIONS} connections: ratio >= ${GOAL_RATIO}, p99 <= ${GOAL_P99_MS} ms, RSS <= ${GOAL_RSS_MB} MB: ` +
        `${met ? 'met' : 'not met'} (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
