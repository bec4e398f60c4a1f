import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { TEST_REDIS_URL } from '../../support/app';

/**
 * `npm start` with a problem a person can fix: the built server must say what is wrong in plain
 * sentences (which service, where it looked, how to point it elsewhere) and exit non-zero,
 * without a stack trace.
 */
const ROOT = resolve(__dirname, '../../..');
const MAIN = resolve(ROOT, 'dist/server/src/main.js');
const SPAWN_TIMEOUT_MS = 20000;

/** True when a TypeScript source under `dirs` changed after `builtAt`: the build is stale. */
function builtBefore(builtAt: number, dirs: string[]): boolean {
  const newer = (path: string): boolean =>
    readdirSync(path, { withFileTypes: true }).some((entry) => {
      const full = resolve(path, entry.name);
      if (entry.isDirectory()) return newer(full);
      return entry.name.endsWith('.ts') && statSync(full).mtimeMs > builtAt;
    });
  return dirs.some((dir) => existsSync(resolve(ROOT, dir)) && newer(resolve(ROOT, dir)));
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs the built server with exactly `env` (plus PATH) and collects what it printed. */
function runServer(env: Record<string, string>): Promise<Outcome> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // A server that starts anyway would listen forever: stop it and let the assertions fail.
    const timer = setTimeout(() => child.kill('SIGKILL'), SPAWN_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout: stripAnsi(stdout), stderr: stripAnsi(stderr) });
    });
  });
}

function expectNoStackTrace(outcome: Outcome): void {
  const stackLines = `${outcome.stderr}\n${outcome.stdout}`.split('\n').filter((line) => /^\s+at /.test(line));
  expect(stackLines).toEqual([]);
}

function expectExitedWithFailure(outcome: Outcome): void {
  // Killed by our timeout means it did not exit by itself.
  expect(outcome.signal).toBeNull();
  expect(outcome.code).not.toBe(0);
  expect(outcome.code).not.toBeNull();
}

describe('start-up problems are explained, not crashed', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    if (!existsSync(MAIN) || builtBefore(statSync(MAIN).mtimeMs, ['server/src', 'server/migrations', 'projections'])) {
      const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' });
      // tsc still emits when some other file has a type error; only a missing entry point stops us.
      if (!existsSync(MAIN)) throw new Error(`Building the server failed:\n${build.stdout}\n${build.stderr}`);
    }
    database = await createTestDatabase();
  }, 120000);

  afterAll(async () => {
    await database?.drop();
  });

  it('PostgreSQL unreachable: names it, where it looked and how to provide it; exits non-zero', async () => {
    const outcome = await runServer({
      DATABASE_URL: 'postgres://tenens:s3cret-db-password@127.0.0.1:1/tenens',
      REDIS_URL: TEST_REDIS_URL,
    });
    expectExitedWithFailure(outcome);
    expect(outcome.stderr).toContain('Cannot reach PostgreSQL at 127.0.0.1:1');
    expect(outcome.stderr).toMatch(/DATABASE_URL=postgres:\/\//);
    expect(outcome.stderr).not.toContain('s3cret-db-password');
    expectNoStackTrace(outcome);
  });

  it('Redis unreachable: names it, where it looked and how to provide it; exits non-zero', async () => {
    const outcome = await runServer({ DATABASE_URL: database.url, REDIS_URL: 'redis://127.0.0.1:1' });
    expectExitedWithFailure(outcome);
    expect(outcome.stderr).toContain('Cannot reach Redis at 127.0.0.1:1');
    expect(outcome.stderr).toMatch(/REDIS_URL=redis:\/\//);
    expect(outcome.stderr).not.toContain('PostgreSQL');
    expectNoStackTrace(outcome);
  });

  it('a bad PORT: names the variable and the value; exits non-zero before touching anything', async () => {
    const outcome = await runServer({ PORT: 'abc', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never-used' });
    expectExitedWithFailure(outcome);
    expect(outcome.stderr).toContain('Invalid configuration');
    expect(outcome.stderr).toMatch(/PORT .*"abc"/);
    expect(outcome.stderr).not.toContain('PostgreSQL');
    expectNoStackTrace(outcome);
  });

  it('production without JWT_SECRET: names the variable; exits non-zero', async () => {
    const outcome = await runServer({ NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never-used' });
    expectExitedWithFailure(outcome);
    expect(outcome.stderr).toMatch(/^\s+- JWT_SECRET is required in production$/m);
    expectNoStackTrace(outcome);
  });
});
