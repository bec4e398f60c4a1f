import { Client } from 'pg';
import { startTestApp, type TestApp } from '../../support/app';
import { verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { databaseUrl } from '../../support/database';
import { activePosting } from '../../support/postings';

jest.setTimeout(120_000);

const BURST = 16;

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
