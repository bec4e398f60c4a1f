import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import request from 'supertest';
import type { TestApp } from '../../support/app';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { SmtpSink } from '../../support/smtp-sink';

/** The built server; the fault suite runs after `npm run build`, like the browser tests. */
const ENTRY = resolve(__dirname, '../../../', process.env.FAULTS_SERVER_ENTRY ?? 'dist/server/src/main.js');

export const ADMIN = { email: 'admin@tenens.test', password: 'AdminPass123' };

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * The real server as its own process (`node dist/server/src/main.js`), so a test can kill -9 it
 * and start it again on the same database, Redis prefix and SMTP sink.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  readonly url: string;
  private output = '';

  constructor(
    port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(options: { databaseUrl: string; mail: SmtpSink; redisUrl?: string; env?: Record<string, string> }) {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` before the fault suite`);
    const port = await freePort();
    return new ServerProcess(port, {
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `f${port}`,
      SMTP_URL: options.mail.url,
      JWT_SECRET: 'faults-secret-0123456789abcdef',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      REJECTION_EMAIL_DELAY_SECONDS: '0',
      COUNTER_EMAIL_DELAY_SECONDS: '0',
      ...options.env,
    });
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    this.child = child;
    try {
      await waitUntil(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${this.output}`);
          return (await request(this.url).get('/api/health')).status === 200;
        },
        60_000,
        'the server to answer /api/health',
      );
    } catch (error) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${this.output.slice(-2000)}`, { cause: error });
      throw error;
    }
  }

  /** kill -9: no shutdown hook, no flush, no goodbye. */
  async crash(): Promise<void> {
    await this.stop('SIGKILL');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  }

  http() {
    return request(this.url);
  }

  /** What the account helpers of test/support need of an app, for this process. */
  asTestApp(mail: SmtpSink): TestApp {
    return {
      http: () => this.http(),
      mail,
      config: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    } as unknown as TestApp;
  }
}

export interface RunningServer {
  database: TestDatabase;
  mail: SmtpSink;
  server: ServerProcess;
}

/**
 * A database of its own, a real SMTP sink and the built server, started before this file's tests
 * and removed after them. Read the fields inside tests (they are set in beforeAll).
 */
export function serverForThisFile(env: Record<string, string> = {}): RunningServer {
  const running = {} as RunningServer;
  beforeAll(async () => {
    running.database = await createTestDatabase();
    running.mail = await new SmtpSink().start();
    running.server = await ServerProcess.create({ databaseUrl: running.database.url, mail: running.mail, env });
    await running.server.start();
  }, 90_000);
  afterAll(async () => {
    await running.server?.stop();
    await running.mail?.stop();
    await running.database?.drop();
  });
  return running;
}
