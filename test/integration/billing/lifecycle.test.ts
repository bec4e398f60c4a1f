import { postingDecider, postingStream } from '../../../server/src/domain/postings';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { startTestApp, TestApp } from '../../support/app';
import { verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { bearer, checkoutBody, eventually, paidPosting, subscriptionOf } from './helpers';

jest.setTimeout(60_000);

type Records = { billing_type: string; prorated_amount: number; status: string }[];

describe("a paid posting's subscription over its life", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const canceled = (token: string, postingId: string) =>
    eventually(async () => {
      const response = await subscriptionOf(t, token, postingId);
      return response.body.status === 'canceled' ? response.body : null;
    });

  it('publishing with a credit records a Credit period of no cash value; no checkout is needed', async () => {
    const facility = await verifiedFacility(t, { credits: 1 });
    const postingId = await activePosting(t, facility.token);
    const posting = await t.http().get(`/api/job-postings/${postingId}`).set(bearer(facility.token));
    const history = await subscriptionOf(t, facility.token, postingId);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({
      job_posting_id: postingId,
      status: 'active',
      monthly_rate: 199,
      current_period_start: posting.body.published_at,
      current_period_end: posting.body.auto_expire_date,
      canceled_at: null,
    });
    expect(history.body.billing_records).toEqual([expect.objectContaining({ billing_type: 'credit', prorated_amount: 0, status: 'paid' })]);

    const checkout = await t
      .http()
      .post('/api/billing/create-checkout-session')
      .set(bearer(facility.token))
      .send(checkoutBody(t, postingId));
    expect(checkout.status).toBe(409);
    expect(checkout.body).toEqual({ detail: 'This job posting does not need a payment.' });
  });

  it('withdrawing a paid posting cancels its subscription at once with a Final record of 0 and tells the billing managers', async () => {
    const facility = await verifiedFacility(t);
    const { postingId } = await paidPosting(t, facility.token);
    const withdrawn = await t.http().delete(`/api/job-postings/${postingId}`).set(bearer(facility.token));
    expect(withdrawn.status).toBe(200);
    const ended = await canceled(facility.token, postingId);
    expect(ended.canceled_at).not.toBeNull();
    expect((ended.billing_records as Records).map(({ billing_type, prorated_amount }) => [billing_type, prorated_amount])).toEqual([
      ['prorated_cancellation', 0],
      ['initial', 199],
    ]);
    const email = await t.mail.waitFor((m) => m.to === facility.email && /^Billing ended for /.test(m.subject));
    expect(email.text).toContain('because the posting was withdrawn');
    expect(email.text).toContain('No refunds; prices in US dollars.');
  });

  it("the posting's expiry (run at a chosen now) cancels its subscription with a Final record", async () => {
    const facility = await verifiedFacility(t, { credits: 1 });
    const postingId = await activePosting(t, facility.token);
    const posting = await t.app.get(CommandBus).load(postingStream(postingId), postingDecider);
    if (posting.status === 'none') throw new Error('posting missing');
    const after = new Date(Date.parse(posting.auto_expire_date) + 1000);
    await t.app.get(CommandBus).handle(postingStream(postingId), postingDecider, { type: 'ExpirePosting', data: { now: after } }, {});
    const ended = await canceled(facility.token, postingId);
    expect((ended.billing_records as Records).map((record) => record.billing_type)).toEqual(['prorated_cancellation', 'credit']);
    await t.mail.waitFor(
      (m) => m.to === facility.email && /^Billing ended for /.test(m.subject) && m.text.includes('because the posting expired'),
    );
  });
});
