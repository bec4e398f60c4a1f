/**
 * What the benchmark scripts share: a scratch database they may drop, the built server started
 * on it, an API client, and percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Client } from 'pg';

/** The system admin every benchmark server creates at start. */
export const BENCH_ADMIN = { email: 'bench-admin@tenens.test', password: 'BenchAdmin123' };

/** BENCH_DATABASE_URL, or `name` on the DATABASE_URL / TEST_POSTGRES_URL server. */
export function benchUrl(name: string): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const base = new URL(process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/${name}`;
  return base.toString();
}

/** Drops and creates the database; refuses any whose name lacks "bench". */
export async function recreate(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/bench/i.test(name)) throw new Error(`Refusing to drop "${name}": the benchmark database name must contain "bench".`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    await admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await admin.end();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
  };
}

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export class Api {
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

/**
 * Starts the built server. BENCH_NODE_ARGS passes flags to its node (e.g. "--cpu-prof"); with
 * SQL_COUNT=1 in `env`, scripts/sql-counter counts every statement it sends (sqlCount asks it).
 */
export async function startServer(url: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  // The server's heap as the Dockerfile and `npm start` set it.
  const nodeArgs = ['--max-old-space-size=256', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const counter = env.SQL_COUNT ? ['--require', resolve(__dirname, 'sql-counter.js')] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...counter, resolve(__dirname, '../server/src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: url,
      QUEUE_PREFIX: `bench${port}`,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', ...(env.SQL_COUNT ? (['ipc'] as const) : [])],
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

/** The statements a server started with SQL_COUNT=1 has sent so far, as scripts/sql-counter answers. */
export function sqlCount(server: ChildProcess): Promise<number> {
  return new Promise((answer) => {
    server.once('message', (message) => answer((message as { sqlCount: number }).sqlCount));
    server.send('sql-count');
  });
}

/** Confirms an account's email the way its owner would: the link from the development mailbox. */
export async function verifyEmail(api: Api, email: string): Promise<void> {
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

export const npi = (seed: number) => {
  const base = String(100000000 + seed).slice(0, 9);
  const digits = `80840${base}`.split('').map(Number);
  const sum = digits
    .reverse()
    .map((d, i) => (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d))
    .reduce((a, b) => a + b, 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
};

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

/**
 * CPU seconds (user + system) a process has used, from /proc; NaN where it cannot be read (a
 * Postgres on another machine). On a shared machine this is steadier than any rate.
 */
export function cpuSeconds(pid: number): number {
  try {
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** CPU seconds each Postgres backend serving `db`'s database has used, by pid (none where unreadable). */
async function postgresCpu(db: Client): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const used = rows.map(({ pid }) => [pid, cpuSeconds(pid)] as const);
  return new Map(used.filter(([, seconds]) => !Number.isNaN(seconds)));
}

/**
 * CPU seconds the backends used between two readings: one started meanwhile counts whole (as does
 * one whose pid a closed backend had, seen by its smaller total), one that closed is missed. NaN
 * where Postgres runs elsewhere (nothing readable).
 */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  if (after.size === 0) return NaN;
  let sum = 0;
  for (const [pid, seconds] of after) {
    const was = before.get(pid);
    sum += was !== undefined && seconds >= was ? seconds - was : seconds;
  }
  return sum;
}

/** CPU seconds these processes have used together. */
export const totalCpuSeconds = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/**
 * CPU that the given processes and the Postgres backends of `db`'s database use from now until
 * `used()`, in seconds: the figures that stay put while other work shares the machine (NaN for a
 * Postgres elsewhere). `db` stays open; the caller ends it.
 */
export async function cpuMeter(db: Client, pids: readonly number[]) {
  const processes = () => totalCpuSeconds(pids);
  const start = { processes: processes(), postgres: await postgresCpu(db) };
  return {
    async used(): Promise<{ processes: number; postgres: number }> {
      return { processes: processes() - start.processes, postgres: postgresCpuBetween(start.postgres, await postgresCpu(db)) };
    },
  };
}

/** Linux's USER_HZ, which /proc/<pid>/stat counts in. */
const CLOCK_TICKS = 100;

/** One level's figures as bench-commands writes them to BENCH_RESULT_FILE (bench-pairs reads them). */
export interface LevelResult {
  connections: number;
  perSecond: number;
  p50: number;
  p99: number;
  rss: number;
  cpuPerCommand: number;
  postgresPerCommand: number;
}

/** The 1, 5 and 15 minute load averages, as /proc/loadavg prints them. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** Every bench account's password. */
export const BENCH_PASSWORD = 'BenchPass123';

/** Two letters for the n-th account, so names differ without digits (0 -> 'aa', 27 -> 'bb'). */
const letters = (n: number) => String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + Math.floor(n / 26));

/** YYYY-MM-DD `n` days from today. */
export const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Registers the n-th applicant of a bench (a CRNA licensed in CA) and confirms its email. */
export async function registerApplicant(api: Api, email: string, n: number): Promise<void> {
  await api.call('POST', '/auth/register', null, {
    email,
    password: BENCH_PASSWORD,
    role: 'applicant',
    tos_accepted: true,
    profile_data: {
      first_name: 'Bench',
      last_name: `Provider ${letters(n)}`,
      license_number: `RN${500000 + n}`,
      license_state: 'CA',
      license_expires_at: '2030-06-30',
      npi: npi(500 + n),
      experience_started_at: '2015-09-01',
      role_type: 'CRNA',
      malpractice_provided: true,
      job_search_frequency_days: 7,
    },
  });
  await verifyEmail(api, email);
}

/** The n-th applicant of a bench, signed in and verified by the admin: it may bid. */
export async function verifiedApplicant(
  api: Api,
  admin: string,
  email: string,
  n: number,
): Promise<{ token: string; applicantId: string }> {
  await registerApplicant(api, email, n);
  const token = await api.login(email, BENCH_PASSWORD);
  const applicantId: string = (await api.call('GET', '/users/me', token)).applicant.id;
  await api.call('PUT', `/admin/applicants/${applicantId}/verify?verification_status=verified`, admin);
  return { token, applicantId };
}

/** The n-th facility of a bench, its admin signed in, verified by the platform admin: it may post. */
export async function verifiedFacility(api: Api, admin: string, email: string, n: number): Promise<{ token: string; facilityId: string }> {
  await api.call('POST', '/auth/register', null, {
    email,
    password: BENCH_PASSWORD,
    role: 'facility_admin',
    tos_accepted: true,
    profile_data: {
      first_name: 'Bench',
      last_name: `Coordinator ${letters(n)}`,
      name: `Bench Surgery Center ${letters(n)}`,
      facility_type: 'Ambulatory Surgery Center',
      npi: npi(100 + n),
      address_line1: '1 Bench Way',
      city: 'San Diego',
      state: 'CA',
      zip_code: '92101',
      phone: '6195550100',
    },
  });
  await verifyEmail(api, email);
  const token = await api.login(email, BENCH_PASSWORD);
  const facilityId: string = (await api.call('GET', '/users/me', token)).facility.id;
  await api.call('PUT', `/admin/facilities/${facilityId}/verify?verification_status=verified`, admin);
  return { token, facilityId };
}

/** A live CRNA posting at $185/hr, two weeks out, paid with a credit the admin adds. */
export async function publishedPosting(
  api: Api,
  admin: string,
  facility: { token: string; facilityId: string },
  title: string,
): Promise<string> {
  await api.call('POST', `/admin/facilities/${facility.facilityId}/add-credit`, admin);
  const posting = await api.call('POST', '/job-postings', facility.token, {
    title,
    role_type: 'CRNA',
    start_date: daysFromNow(14),
    end_date: daysFromNow(41),
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
  await api.call('POST', `/job-postings/${posting.id}/publish`, facility.token);
  return posting.id;
}
