/**
 * `npm run bench:signin`: does a burst of sign-ins starve the rest of the server?
 *
 * Recreates a scratch database (tenens_bench_signin, or BENCH_DATABASE_URL), starts the built
 * server on it (a small client directory of its own, the login throttle out of the way), and
 * registers eight verified applicants. Then for BENCH_SECONDS it keeps eight sign-ins in flight
 * at once (each a right password, so argon2 verifies every one) while a prober fetches a static
 * file and a one-query API call (GET /api/job-postings/procedure-types) one after the other.
 * Before that, the same prober runs as long with no sign-ins, for the baseline. Prints p50, p95
 * and max of each beside the goal: static file and API p95 <= 50 ms under the burst.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  Api,
  BENCH_PASSWORD,
  benchUrl,
  freePort,
  loadAverage,
  recreate,
  registerApplicant,
  rssMb,
  startServer,
  summary,
} from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIGN_INS_AT_ONCE = 8;
const GOAL_P95_MS = 50;

/** A client directory with an index page and a 100 KB script, like a built client's files. */
function clientDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenens-bench-client-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tenens</title><script src="/app.js"></script>');
  writeFileSync(join(dir, 'app.js'), `/* bench */ ${'x'.repeat(100_000)}`);
  return dir;
}

async function registerApplicants(api: Api): Promise<string[]> {
  const emails = Array.from({ length: SIGN_INS_AT_ONCE }, (_, i) => `bench-signin-${i + 1}@tenens.test`);
  for (const [i, email] of emails.entries()) await registerApplicant(api, email, i);
  return emails;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Fetches a path and insists on 200; the body is read, as a browser would. */
async function get(base: string, path: string): Promise<void> {
  const response = await fetch(`${base}${path}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
}

/** The static file and the API call, one after the other, until `stop` says so. */
async function probe(base: string, stop: () => boolean) {
  const files: number[] = [];
  const queries: number[] = [];
  while (!stop()) {
    files.push(await timed(() => get(base, '/app.js')));
    queries.push(await timed(() => get(base, '/api/job-postings/procedure-types')));
    await new Promise((wake) => setTimeout(wake, 5));
  }
  return { files: summary(files), queries: summary(queries) };
}

/** Eight sign-ins in flight at all times, each starting when one ends. */
async function signInBurst(api: Api, emails: string[], stop: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    emails.map(async (email) => {
      while (!stop()) latencies.push(await timed(() => api.login(email, BENCH_PASSWORD)));
    }),
  );
  return latencies;
}

function row(label: string, figures: ReturnType<typeof summary>, goal = '') {
  const cells = [figures.n, figures.p50, figures.p95, figures.max].map((value, i) => (i === 0 ? String(value) : value.toFixed(1)));
  console.log(`${label.padEnd(36)} ${cells.map((cell) => cell.padStart(7)).join('  ')}  ${goal}`);
}

async function main(): Promise<void> {
  const url = benchUrl('tenens_bench_signin');
  console.log(`Recreating ${new URL(url).pathname.slice(1)}...`);
  await recreate(url);
  const port = await freePort();
  const server = await startServer(url, port, { CLIENT_DIR: clientDirectory(), LOGIN_MAX_FAILURES: '1000000' });
  try {
    const base = `http://127.0.0.1:${port}`;
    const api = new Api(base);
    console.log(`Registering ${SIGN_INS_AT_ONCE} applicants...`);
    const emails = await registerApplicants(api);

    const idleUntil = performance.now() + SECONDS * 1000;
    const idle = await probe(base, () => performance.now() > idleUntil);
    const busyUntil = performance.now() + SECONDS * 1000;
    const over = () => performance.now() > busyUntil;
    const [busy, signIns] = await Promise.all([probe(base, over), signInBurst(api, emails, over)]);

    console.log(`\n${''.padEnd(36)} ${['n', 'p50 ms', 'p95 ms', 'max ms'].map((cell) => cell.padStart(7)).join('  ')}`);
    row('static file, no sign-ins', idle.files);
    row('API query, no sign-ins', idle.queries);
    row(`static file, ${SIGN_INS_AT_ONCE} sign-ins at once`, busy.files, `goal p95 <= ${GOAL_P95_MS}`);
    row(`API query, ${SIGN_INS_AT_ONCE} sign-ins at once`, busy.queries, `goal p95 <= ${GOAL_P95_MS}`);
    row('sign-in', summary(signIns), `${(signIns.length / SECONDS).toFixed(1)}/s`);
    const met = busy.files.p95 <= GOAL_P95_MS && busy.queries.p95 <= GOAL_P95_MS;
    console.log(
      `\nGoal: static file and API p95 <= ${GOAL_P95_MS} ms while ${SIGN_INS_AT_ONCE} sign-ins run: ${met ? 'met' : 'not met'} ` +
        `(server RSS ${rssMb(server.pid as number).toFixed(0)} MB, load average ${loadAverage()})`,
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
