import { Client } from 'pg';
import { startTestApp, type TestApp } from '../../support/app';
import { verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { databaseUrl } from '../../support/database';
import { activePosting } from '../../support/postings';

jest.setTimeout(120_000);

const BURST = 16;

const BUSY = 'Tenens is busy right now. Please try again in a moment.';

/**
 * A burst of bids (commands, on the event store's pool) and of the applicant's list (a query, on
 * the other pool) at once, while another connection counts the instance's connections to its
 * database. Answers the most seen at one time; every request must still succeed.
 */
async function peakConnectionsDuringBurst(t: TestApp): Promise<number> {
  const facility = await verifiedFacility(t, { credits: BURST });
  const applicant = await verifiedApplicant(t);
  const postings: string[] = [];
  for (let i = 0; i < BURST; i++) postings.push(await activePosting(t, facility.token, { title: `Pool job ${i + 1}` }));

  const counter = new Client({ connectionString: databaseUrl('postgres') });
  await counter.connect();
  let peak = 0;
  let counting = true;
  const count = (async () => {
    while (counting) {
      const { rows } = await counter.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [t.database.name],
      );
      peak = Math.max(peak, rows[0].n);
    }
  })();
  try {
    const auth = { Authorization: `Bearer ${applicant.token}` };
    const answers = await Promise.all([
      ...postings.map((id) => t.http().post('/api/job-bids').set(auth).send({ job_posting_id: id, proposed_rate: 180 })),
      ...postings.map(() => t.http().get('/api/job-bids/my-bids').set(auth)),
    ]);
    expect(answers.slice(0, BURST).map((answer) => answer.status)).toEqual(postings.map(() => 201));
    expect(answers.slice(BURST).map((answer) => answer.status)).toEqual(postings.map(() => 200));
  } finally {
    counting = false;
    await count;
    await counter.end();
  }
  return peak;
}

/**
 * DATABASE_POOL_SIZE sizes both of an instance's pools, so the connections it opens stay within
 * what the deployment planned for Postgres' max_connections: requests beyond it wait their turn.
 */
describe('DATABASE_POOL_SIZE', () => {
  it('bounds the connections an instance opens under a burst to twice the size plus the listener', async () => {
    const t = await startTestApp({ env: { DATABASE_POOL_SIZE: '2' } });
    try {
      expect(t.config.DATABASE_POOL_SIZE).toBe(2);
      const peak = await peakConnectionsDuringBurst(t);
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(2 * 2 + 1);
    } finally {
      await t.close();
    }
  });

  it('at its default of 10, the same burst opens more than that', async () => {
    const t = await startTestApp();
    try {
      expect(t.config.DATABASE_POOL_SIZE).toBe(10);
      expect(await peakConnectionsDuringBurst(t)).toBeGreaterThan(2 * 2 + 1);
    } finally {
      await t.close();
    }
  });
});

/**
 * When Postgres cannot serve a request now (no pooled connection comes free in time, or the
 * connection is closed under the query), the caller gets 503 with Retry-After in the contract's
 * shape, not a 500: it may try again, and the server serves again once the database does.
 */
describe('a database that cannot serve the request now', () => {
  it('answers 503 with Retry-After when no connection comes free in time, and when its connection is closed', async () => {
    const t = await startTestApp({ env: { DATABASE_POOL_SIZE: '2' } });
    const holder = new Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      // Each search page reads the postings: locked, each search holds its pooled connection and waits.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE job_postings IN ACCESS EXCLUSIVE MODE');
      const answered: Awaited<ReturnType<typeof search>>[] = [];
      const search = (offset: number) => t.http().get(`/api/job-postings?offset=${offset}`);
      const searches = [1, 2, 3, 4].map((offset) => search(offset).then((answer) => (answered.push(answer), answer)));

      // Two of them hold the two pooled connections, waiting on the lock; the others wait for a
      // connection, and after the pool's 5 s answer.
      const started = Date.now();
      while (answered.length < 2) {
        if (Date.now() - started > 30_000) throw new Error('no search was answered while the pool was held');
        await new Promise((wake) => setTimeout(wake, 20));
      }
      for (const answer of answered) {
        expect(answer.status).toBe(503);
        expect(answer.headers['retry-after']).toBe('2');
        expect(answer.body).toEqual({ detail: BUSY });
      }

      // The held connections closed by an operator: the searches on them end in the same answer.
      await holder.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      for (const answer of await Promise.all(searches)) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ detail: BUSY });
      }
      await holder.query('ROLLBACK');

      // The database serves again, and so does the server.
      const again = await t.http().get('/api/job-postings');
      expect(again.status).toBe(200);
    } finally {
      await holder.end();
      await t.close();
    }
  });
});
