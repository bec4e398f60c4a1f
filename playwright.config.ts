import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/**
 * Browser tests: Debian's Chromium (/usr/bin/chromium, never a downloaded build) against the
 * built app, started on a free port with a fresh database (named after the port; dropped afterwards) and the development mailbox.
 */
function freePort(): string {
  // process.stdout.write, not console.log: under FORCE_COLOR console.log colours numbers.
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script]).toString().trim();
}

process.env.E2E_PORT ??= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export const e2eEnv = {
  NODE_ENV: 'test',
  PORT: port,
  APP_URL: baseURL,
  DATABASE_URL: `postgres://postgres@127.0.0.1:5432/tenens_e2e_${port}`,
  REDIS_URL: 'redis://127.0.0.1:6379',
  QUEUE_PREFIX: `e2e${port}`,
  JWT_SECRET: 'e2e-secret-0123456789abcdef',
  ADMIN_EMAIL: 'admin@tenens.test',
  ADMIN_PASSWORD: 'AdminPass123',
  LOG_LEVEL: 'warn',
  BUILD_ID: 'e2e',
  REJECTION_EMAIL_DELAY_SECONDS: '0',
  COUNTER_EMAIL_DELAY_SECONDS: '0',
};

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/playwright',
  // Twice what a quiet machine needs: a slow CI machine (session 36's: a browser stage of 24 min,
  // load average near 10) left a lazily loaded section "Loading…" after 10 s. A state that never
  // comes still fails; it only fails later. A journey of several people over many pages is marked
  // test.slow() (three times this): on session 37's machine a step took 4-6 s, and the posting
  // journey ran past 120 s at its last check.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/playwright.json' }]],
  globalTeardown: './test/e2e/support/global-teardown.ts',
  use: {
    baseURL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // E2E_SERVER_ENTRY and CLIENT_DIR let several builds be tested side by side.
    command: `node ${process.env.E2E_SERVER_ENTRY ?? 'dist/server/src/main.js'}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: e2eEnv,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
