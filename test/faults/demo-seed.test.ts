import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { SmtpSink } from '../support/smtp-sink';
import { freePort, ServerProcess } from './support/server-process';

const SEED = resolve(__dirname, '../../dist/scripts/demo-seed.js');
const PASSWORD = 'DemoPass123';

/**
 * `npm run demo:seed` as a newcomer runs it: the built script on a new database. It finishes,
 * the server then started on that database lets its printed logins in and shows the marketplace
 * it describes, and run a second time it leaves the data alone.
 */
describe('npm run demo:seed', () => {
  let database: TestDatabase;
  let mail: SmtpSink;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    mail = await new SmtpSink().start();
  });

  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
    await database?.drop();
  });

  async function seed(): Promise<{ code: number | null; output: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, [SEED], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: database.url,
        REDIS_URL: 'redis://127.0.0.1:6379',
        QUEUE_PREFIX: `seed${port}`,
        JWT_SECRET: 'faults-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    return { code, output };
  }

  it('fills a new database with the accounts and marketplace it prints, and refuses to fill it twice', async () => {
    const first = await seed();
    expect({ code: first.code, tail: first.output.slice(-600) }).toMatchObject({ code: 0 });
    expect(first.output).toContain('Demo data is ready');
    expect(first.output).toContain('dana@bayview.demo');

    server = await ServerProcess.create({ databaseUrl: database.url, mail });
    await server.start();
    const login = async (email: string) => {
      const response = await server!.http().post('/api/auth/login').type('form').send({ username: email, password: PASSWORD });
      expect({ email, status: response.status }).toEqual({ email, status: 200 });
      return { Authorization: `Bearer ${response.body.access_token as string}` };
    };

    const search = await server.http().get('/api/job-postings');
    expect(search.status).toBe(200);
    expect(search.body.total).toBeGreaterThan(0);

    // The facility sees its postings with their bids; the applicant their bids in several states.
    const dana = await login('dana@bayview.demo');
    const postings = await server.http().get('/api/job-postings/my-postings').set(dana);
    expect(postings.status).toBe(200);
    const statuses = new Set((postings.body as { status: string }[]).map((posting) => posting.status));
    expect([...statuses]).toEqual(expect.arrayContaining(['active', 'draft']));
    const priya = await login('priya@crna.demo');
    const bids = await server.http().get('/api/job-bids/my-bids').set(priya);
    expect(bids.status).toBe(200);
    const states = new Set((bids.body as { current_state: string }[]).map((bid) => bid.current_state));
    expect(states.size).toBeGreaterThan(1);

    const second = await seed();
    expect(second.code).toBe(1);
    expect(second.output).toContain('demo:seed fills an empty database');
  }, 300_000);
});
