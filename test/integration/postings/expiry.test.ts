import { defaultExpiry } from '../../../server/src/domain/postings';
import { startTestApp, TestApp } from '../../support/app';
import { verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { bearer, postingCredits, searchIds, sleep } from './helpers';

jest.setTimeout(30000);

const EXPIRES_IN_MS = 3000;

describe('posting expiry at auto_expire_date', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the expiry job records PostingExpired; the posting leaves search and can be published again', async () => {
    const facility = await verifiedFacility(t, { credits: 2 });
    const expiresAt = new Date(Date.now() + EXPIRES_IN_MS).toISOString();
    const id = await activePosting(t, facility.token, { auto_expire_date: expiresAt });
    const stream = `posting-${id}`;

    // Nothing but the event log is read until the job has run: no request may nudge the posting.
    const deadline = Date.parse(expiresAt) + 10_000;
    let expired: { data: { auto_expire_date: string; at: string }; metadata: { actor: { side: string } } } | undefined;
    while (!expired && Date.now() < deadline) {
      [expired] = await t.db.query(`SELECT data, metadata FROM events WHERE stream_id = $1 AND type = 'PostingExpired'`, [stream]);
      if (!expired) await sleep(100);
    }
    expect(expired).toBeDefined();
    expect(expired!.data.auto_expire_date).toBe(expiresAt);
    expect(Date.parse(expired!.data.at)).toBeGreaterThanOrEqual(Date.parse(expiresAt));
    expect(expired!.metadata.actor.side).toBe('system');

    const read = await t.http().get(`/api/job-postings/${id}`).set(bearer(facility.token));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id,
      status: 'expired',
      auto_expire_date: expiresAt,
      actions: ['edit', 'publish'],
      remaining_days: null,
    });
    const visitor = await t.http().get(`/api/job-postings/${id}`);
    expect(visitor.body.status).toBe('expired');
    expect(await searchIds(t)).not.toContain(id);

    const withdraw = await t.http().delete(`/api/job-postings/${id}`).set(bearer(facility.token));
    expect(withdraw.status).toBe(409);
    expect(withdraw.body).toEqual({ detail: 'This job posting has expired.' });
    const reactivate = await t.http().post(`/api/job-postings/${id}/reactivate`).set(bearer(facility.token));
    expect(reactivate.status).toBe(409);
    expect(reactivate.body).toEqual({ detail: 'This job posting has expired; publish it again to start a new period.' });

    // A new period: one more credit, one month from now.
    const before = new Date();
    const republished = await t.http().post(`/api/job-postings/${id}/publish`).set(bearer(facility.token));
    expect(republished.status).toBe(200);
    expect(republished.body).toMatchObject({ id, status: 'active', requires_payment: false });
    expect(Date.parse(republished.body.auto_expire_date)).toBeGreaterThanOrEqual(Date.parse(defaultExpiry(before)));
    expect(Date.parse(republished.body.published_at)).toBeGreaterThanOrEqual(before.getTime());
    expect(await postingCredits(t, facility.token)).toBe(0);
    expect(await searchIds(t)).toContain(id);
    const types = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [stream]);
    expect(types.map((row: { type: string }) => row.type)).toEqual([
      'PostingCreated',
      'PostingPublished',
      'PostingExpired',
      'PostingPublished',
    ]);
  });
});
