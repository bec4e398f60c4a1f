import { ExpiryWorker, expiryJobId } from '../../../server/src/postings/expiry/expiry.worker';
import { Queues } from '../../../server/src/queues/queues';
import { startTestApp, TestApp } from '../../support/app';
import { verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { sleep } from './helpers';

jest.setTimeout(60_000);

interface Expired {
  stream_id: string;
  at: string;
}

/**
 * Expiry jobs live only in Redis. When Redis loses them, the next start schedules every pending
 * expiry again from the read models, so each posting still expires at its time.
 */
describe('posting expiry after Redis lost its jobs', () => {
  let t: TestApp;
  let restarted: TestApp | null = null;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await restarted?.close();
    await t.close();
  });

  const expiredEvents = async (ids: string[]): Promise<Expired[]> =>
    t.db.query(
      `SELECT stream_id, data->>'at' AS at FROM events WHERE type = 'PostingExpired' AND stream_id = ANY($1) ORDER BY global_position`,
      [ids.map((id) => `posting-${id}`)],
    );

  async function until<T>(probe: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await probe();
      if (accept(value)) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: last saw ${JSON.stringify(value)}`);
      await sleep(100);
    }
  }

  it('a restart schedules each active posting again: the overdue one expires at once, the others at their time', async () => {
    const facility = await verifiedFacility(t, { credits: 3 });
    const start = Date.now();
    const ends = [start + 5_000, start + 9_000, start + 11_000].map((ms) => new Date(ms).toISOString());
    const ids: string[] = [];
    for (const end of ends) ids.push(await activePosting(t, facility.token, { auto_expire_date: end }));

    // The reactor scheduled one job per publish; then Redis loses every job of this deployment.
    const queue = t.app.get(Queues).queue('postings');
    const published: { id: string }[] = await t.db.query(
      `SELECT event_id AS id FROM events WHERE type = 'PostingPublished' AND stream_id = ANY($1)`,
      [ids.map((id) => `posting-${id}`)],
    );
    await until(
      async () => Promise.all(published.map((event) => queue.getJob(`expire-${event.id}`))),
      (jobs) => jobs.every(Boolean),
      'the reactor to schedule the expiry jobs',
    );
    await queue.obliterate({ force: true });
    expect(await queue.getJobCounts()).toMatchObject({ delayed: 0, waiting: 0, active: 0 });

    // With the jobs gone, the first posting's end passes and nothing records it.
    while (Date.now() < Date.parse(ends[0]) + 1_000) await sleep(100);
    expect(await expiredEvents(ids)).toEqual([]);

    // A restart: a second instance on the same database and queues reconciles as it starts.
    restarted = await startTestApp({ shareWith: t });
    const expired = await until(
      () => expiredEvents(ids),
      (events) => events.length === 3,
      'every posting to expire',
    );
    const at = new Map(expired.map((event) => [event.stream_id, Date.parse(event.at)]));
    ids.forEach((id, i) => expect(at.get(`posting-${id}`)).toBeGreaterThanOrEqual(Date.parse(ends[i])));
    // The overdue one did not wait for anything else: it was recorded before the next end came.
    expect(at.get(`posting-${ids[0]}`)).toBeLessThan(Date.parse(ends[1]));
    expect(expired.map((event) => event.stream_id)).toEqual(ids.map((id) => `posting-${id}`));
  });

  it('reconciling again schedules nothing twice, and skips postings whose expiry is recorded or withdrawn', async () => {
    const facility = await verifiedFacility(t, { credits: 2 });
    const end = new Date(Date.now() + 60_000).toISOString();
    const live = await activePosting(t, facility.token, { auto_expire_date: end });
    const withdrawn = await activePosting(t, facility.token, { auto_expire_date: end });
    const response = await t.http().delete(`/api/job-postings/${withdrawn}`).set('Authorization', `Bearer ${facility.token}`);
    expect(response.status).toBe(200);

    const worker = t.app.get(ExpiryWorker);
    const queue = t.app.get(Queues).queue('postings');
    await worker.reconcile();
    const total = async () => Object.values(await queue.getJobCounts()).reduce((sum, n) => sum + n, 0);
    const before = await total();
    await worker.reconcile();
    expect(await total()).toBe(before);

    expect(await queue.getJob(expiryJobId(live, Date.parse(end)))).toBeDefined();
    expect(await queue.getJob(expiryJobId(withdrawn, Date.parse(end)))).toBeUndefined();
  });
});
