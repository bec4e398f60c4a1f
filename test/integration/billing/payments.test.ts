import { startTestApp, TestApp } from '../../support/app';
import { verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { bearer, eventually, paidPosting, subscriptionOf } from './helpers';

jest.setTimeout(90_000);

describe('Payment History and the billing dashboard', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    facility = await verifiedFacility(t, { credits: 2 });
    // Oldest first: a credit posting that expires in a moment (its expiry adds a Final record), a
    // credit posting, a paid posting.
    ids.expiring = await activePosting(t, facility.token, {
      title: 'Expiring posting',
      auto_expire_date: new Date(Date.now() + 1500).toISOString(),
    });
    await eventually(async () => (await subscriptionOf(t, facility.token, ids.expiring)).body.status === 'canceled');
    ids.credit = await activePosting(t, facility.token, { title: 'Credit posting' });
    ids.paid = (await paidPosting(t, facility.token, undefined, { title: 'Paid posting' })).postingId;
  });
  afterAll(() => t.close());

  const page = (query = '') => t.http().get(`/api/billing/payments${query}`).set(bearer(facility.token));

  it('lists every payment newest first with the job, its status and the credits left', async () => {
    const response = await page();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 4, page: 1, page_size: 20, posting_credits: 0 });
    expect(
      response.body.payments.map((row: { job_title: string; billing_type: string; amount: number }) => [
        row.job_title,
        row.billing_type,
        row.amount,
      ]),
    ).toEqual([
      ['Paid posting', 'initial', 199],
      ['Credit posting', 'credit', 0],
      ['Expiring posting', 'prorated_cancellation', 0],
      ['Expiring posting', 'credit', 0],
    ]);
    expect(response.body.payments[0]).toEqual({
      id: expect.any(String),
      job_posting_id: ids.paid,
      job_title: 'Paid posting',
      job_status: 'active',
      job_auto_expire_date: expect.any(String),
      payment_date: expect.any(String),
      amount: 199,
      billing_type: 'initial',
      status: 'paid',
    });
  });

  it('pages in the database', async () => {
    const first = await page('?page=1&page_size=2');
    const second = await page('?page=2&page_size=2');
    expect(first.body).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect(first.body.payments.map((row: { job_posting_id: string }) => row.job_posting_id)).toEqual([ids.paid, ids.credit]);
    expect(second.body.payments.map((row: { billing_type: string }) => row.billing_type)).toEqual(['prorated_cancellation', 'credit']);
    expect((await page('?page=3&page_size=2')).body).toMatchObject({ payments: [], total: 4 });
    const invalid = await page('?page=0&page_size=500&filter=soon');
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail.map((issue: { loc: string[] }) => issue.loc.join('.')).sort()).toEqual([
      'query.filter',
      'query.page',
      'query.page_size',
    ]);
  });

  it('filters active (live, not past expiry) and expired (expiry now or past) postings', async () => {
    const expired = (await page('?filter=expired')).body;
    expect(expired.total).toBe(2);
    for (const row of expired.payments) expect(row).toMatchObject({ job_posting_id: ids.expiring, job_status: 'expired' });
    const active = await page('?filter=active');
    expect(active.body.total).toBe(2);
    expect(active.body.payments.map((row: { job_posting_id: string }) => row.job_posting_id)).toEqual([ids.paid, ids.credit]);
  });

  it('sums up: credits, active paid subscriptions, their monthly total and what was paid in 30 days', async () => {
    const response = await t.http().get('/api/billing/dashboard').set(bearer(facility.token));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ posting_credits: 0, active_subscriptions: 1, monthly_total: 199, paid_last_30_days: 199 });
  });
});
