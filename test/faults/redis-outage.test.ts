import { ChildProcess, spawn } from 'node:child_process';
import { verifiedApplicant, verifiedFacility } from '../support/accounts';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { activePosting } from '../support/postings';
import { SmtpSink } from '../support/smtp-sink';
import { freePort, ServerProcess, waitUntil } from './support/server-process';

/** A Redis of the test's own, so it can be stopped without touching anyone else's. */
class OwnRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.child = spawn('redis-server', args, { stdio: 'ignore' });
    await waitUntil(() => isListening(this.port), 10_000, 'redis-server to listen');
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }
}

async function isListening(port: number): Promise<boolean> {
  const { createConnection } = await import('node:net');
  return new Promise((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * Redis carries jobs and socket fan-out, never the truth: while it is down, commands still
 * succeed and reads still answer; when it returns, the reactors resume from their checkpoints
 * and the emails of everything decided meanwhile go out.
 */
describe('a Redis outage', () => {
  let database: TestDatabase;
  let mail: SmtpSink;
  let redis: OwnRedis;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    mail = await new SmtpSink().start();
    redis = new OwnRedis(await freePort());
    await redis.start();
    server = await ServerProcess.create({ databaseUrl: database.url, mail, redisUrl: redis.url });
    await server.start();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    await mail?.stop();
    await database?.drop();
  });

  it('keeps taking commands and sends their emails once Redis is back', async () => {
    const t = server.asTestApp(mail);
    const facility = await verifiedFacility(t, { credits: 1 });
    const postingId = await activePosting(t, facility.token, { title: 'Outage test job' });
    const applicants: { name: string; token: string }[] = [];
    for (const name of ['Robin', 'Casey', 'Jordan']) {
      applicants.push({ name, token: (await verifiedApplicant(t, { first_name: name, last_name: 'Outage' })).token });
    }

    await redis.stop();
    const answers: number[] = [];
    for (const [index, applicant] of applicants.entries()) {
      const bid = await server
        .http()
        .post('/api/job-bids')
        .set('Authorization', `Bearer ${applicant.token}`)
        .send({ job_posting_id: postingId, proposed_rate: 170 + index });
      answers.push(bid.status);
    }
    const listed = await server.http().get(`/api/job-bids/job/${postingId}/bids`).set('Authorization', `Bearer ${facility.token}`);
    const health = await server.http().get('/api/health');

    await redis.start();
    const emailed = (name: string) =>
      mail.messages.some(
        (m) => m.to === facility.email && m.subject === 'New bid on Outage test job' && m.text.includes(`${name} Outage bid`),
      );
    await waitUntil(async () => applicants.every((a) => emailed(a.name)), 45_000, 'the bid emails after Redis returned').catch(
      () => undefined,
    );

    expect(answers).toEqual([201, 201, 201]);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', redis: 'down', postgres: 'ok' });
    expect(applicants.filter((a) => !emailed(a.name)).map((a) => a.name)).toEqual([]);
  }, 120_000);
});
