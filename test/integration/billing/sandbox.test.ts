import { BillingWorker } from '../../../server/src/billing/billing.worker';
import { startTestApp, TestApp } from '../../support/app';
import { verifiedFacility } from '../../support/accounts';
import { awaitingPayment, bearer, CARDS, checkout, checkoutBody, eventTypes, paidPosting, subscriptionOf } from './helpers';

jest.setTimeout(60_000);

describe('paying for a posting in the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { POSTING_MONTHLY_RATE: '199' } });
  });
  afterAll(() => t.close());

  it('tells anyone the rate, the currency and that the sandbox takes payments', async () => {
    const response = await t.http().get('/api/billing/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ job_posting_monthly_rate: 199, currency: 'usd', mode: 'sandbox', publishable_key: null });
  });

  it('a checkout paid with 4242 and confirmed puts the posting live with an Initial record and a receipt', async () => {
    const facility = await verifiedFacility(t);
    const postingId = await awaitingPayment(t, facility.token);
    const session = await t
      .http()
      .post('/api/billing/create-checkout-session')
      .set(bearer(facility.token))
      .send(checkoutBody(t, postingId));
    expect(session.status).toBe(200);
    expect(session.body.session_id).toMatch(/^cs_sandbox_[A-Za-z0-9]+$/);
    expect(session.body.client_secret.startsWith(`${session.body.session_id}_secret_`)).toBe(true);

    const sessionId = session.body.session_id;
    const paid = await t.http().post(`/api/billing/sandbox/sessions/${sessionId}/pay`).set(bearer(facility.token)).send(CARDS.pays);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({
      session_id: sessionId,
      status: 'complete',
      return_url: `${t.config.APP_URL}/payment/success?session_id=${sessionId}`,
    });

    const before = Date.now();
    const confirmed = await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(facility.token));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      job_posting_id: postingId,
      subscription: { job_posting_id: postingId, status: 'active', monthly_rate: 199, canceled_at: null },
    });
    expect(confirmed.body.subscription.billing_records).toEqual([
      {
        id: expect.any(String),
        prorated_amount: 199,
        status: 'paid',
        paid_at: expect.any(String),
        created_at: expect.any(String),
        billing_type: 'initial',
      },
    ]);
    const start = Date.parse(confirmed.body.subscription.current_period_start);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    const end = new Date(confirmed.body.subscription.current_period_end);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(end.getUTCMonth()).toBe(expectedEnd.getUTCMonth());

    const posting = await t.http().get(`/api/job-postings/${postingId}`).set(bearer(facility.token));
    expect(posting.body.status).toBe('active');

    const receipt = await t.mail.waitFor((m) => m.to === facility.email && /^Receipt: \$199 for /.test(m.subject));
    expect(receipt.text).toContain('No refunds; prices in US dollars.');
    expect(receipt.text).toContain(posting.body.title);
  });

  it('a second confirm changes nothing and answers the same', async () => {
    const facility = await verifiedFacility(t);
    const { postingId, sessionId, confirmed } = await paidPosting(t, facility.token);
    const again = await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(facility.token));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(confirmed);
    expect(await eventTypes(t, `subscription-${postingId}`)).toEqual(['SubscriptionStarted', 'PaymentRecorded']);
    expect(await eventTypes(t, `posting-${postingId}`)).toEqual(['PostingCreated', 'PostingPaymentRequired', 'PostingActivated']);
    const paidAgain = await t.http().post(`/api/billing/sandbox/sessions/${sessionId}/pay`).set(bearer(facility.token)).send(CARDS.pays);
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body).toEqual({ detail: 'This checkout has already been paid.' });
  });

  it('a declined card answers 402, nothing is paid and the posting stays unpublished', async () => {
    const facility = await verifiedFacility(t);
    const postingId = await awaitingPayment(t, facility.token);
    const sessionId = await checkout(t, facility.token, postingId);
    const pay = (card: Record<string, unknown>) =>
      t.http().post(`/api/billing/sandbox/sessions/${sessionId}/pay`).set(bearer(facility.token)).send(card);

    for (const card of [CARDS.declined, { ...CARDS.pays, card_number: '5555 5555 5555 4444' }]) {
      const declined = await pay(card);
      expect(declined.status).toBe(402);
      expect(declined.body).toEqual({ detail: 'Your card was declined.' });
    }
    const expired = await pay({ ...CARDS.pays, exp_month: 1, exp_year: 2020 });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ detail: 'This card has expired.' });
    const short = await pay({ ...CARDS.pays, card_number: '4242' });
    expect(short.status).toBe(422);
    expect(short.body.detail[0]).toMatchObject({ loc: ['body', 'card_number'], msg: 'Enter a 16-digit card number.' });

    const confirm = await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(facility.token));
    expect(confirm.status).toBe(409);
    expect(confirm.body).toEqual({ detail: 'The payment for this checkout has not gone through yet.' });
    const posting = await t.http().get(`/api/job-postings/${postingId}`).set(bearer(facility.token));
    expect(posting.body.status).toBe('draft');
    const history = await subscriptionOf(t, facility.token, postingId);
    expect(history.status).toBe(404);
    expect(history.body).toEqual({ detail: 'No billing history available' });
  });

  it('has no Stripe webhook without Stripe', async () => {
    const response = await t.http().post('/api/billing/webhook').set('Content-Type', 'application/json').send('{}');
    expect(response.status).toBe(404);
  });

  it('refuses return addresses off this site (no open redirects) and unknown sessions', async () => {
    const facility = await verifiedFacility(t);
    const postingId = await awaitingPayment(t, facility.token);
    for (const body of [
      { ...checkoutBody(t, postingId), success_url: 'https://evil.example/payment/success' },
      { ...checkoutBody(t, postingId), cancel_url: 'https://evil.example/jobs' },
    ]) {
      const response = await t.http().post('/api/billing/create-checkout-session').set(bearer(facility.token)).send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Return addresses must be on this site.' });
    }
    const unknown = await t.http().post('/api/billing/confirm-subscription/cs_sandbox_nothing').set(bearer(facility.token));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Checkout session not found.' });
  });

  describe('renewal, run at a chosen now', () => {
    const renewAt = async (postingId: string, token: string, afterMs = 60_000) => {
      const before = (await subscriptionOf(t, token, postingId)).body;
      const now = new Date(Date.parse(before.current_period_end) + afterMs);
      return t.app.get(BillingWorker).renew({ posting_id: postingId, period_end: before.current_period_end }, now);
    };

    it('charges the next month: a Monthly record and the period moves on', async () => {
      const facility = await verifiedFacility(t);
      const { postingId, confirmed } = await paidPosting(t, facility.token);
      const early = await t.app
        .get(BillingWorker)
        .renew({ posting_id: postingId, period_end: confirmed.subscription.current_period_end }, new Date());
      expect(early).toBe('early');

      expect(await renewAt(postingId, facility.token)).toBe('renewed');
      const after = (await subscriptionOf(t, facility.token, postingId)).body;
      expect(after.status).toBe('active');
      expect(after.current_period_start).toBe(confirmed.subscription.current_period_end);
      expect(after.billing_records.map((r: { billing_type: string }) => r.billing_type)).toEqual(['monthly', 'initial']);
      expect(after.billing_records[0]).toMatchObject({ prorated_amount: 199, status: 'paid' });
      // The same job again (a retry) finds the period moved on and does nothing.
      const stale = await t.app
        .get(BillingWorker)
        .renew(
          { posting_id: postingId, period_end: confirmed.subscription.current_period_end },
          new Date(Date.parse(after.current_period_end)),
        );
      expect(stale).toBe('stale');
      await t.mail.waitFor((m) => m.to === facility.email && /^Receipt: \$199/.test(m.subject) && m.text.includes('Monthly'));
    });

    it('the 0341 card pays now and fails at the first renewal: past due, emailed, then canceled and taken down when the unpaid month ends', async () => {
      const facility = await verifiedFacility(t);
      const { postingId } = await paidPosting(t, facility.token, CARDS.failsAtRenewal);
      expect(await renewAt(postingId, facility.token)).toBe('failed');
      const pastDue = (await subscriptionOf(t, facility.token, postingId)).body;
      expect(pastDue.status).toBe('past_due');
      expect(pastDue.billing_records[0]).toMatchObject({ billing_type: 'monthly', status: 'failed', paid_at: null, prorated_amount: 199 });
      const failed = await t.mail.waitFor((m) => m.to === facility.email && /^Payment failed for /.test(m.subject));
      expect(failed.text).toContain('Your card was declined.');

      expect(await renewAt(postingId, facility.token)).toBe('canceled');
      const ended = (await subscriptionOf(t, facility.token, postingId)).body;
      expect(ended.status).toBe('canceled');
      expect(ended.canceled_at).not.toBeNull();
      expect(ended.billing_records.map((r: { billing_type: string }) => r.billing_type)).toEqual([
        'prorated_cancellation',
        'monthly',
        'initial',
      ]);
      expect(ended.billing_records[0]).toMatchObject({ prorated_amount: 0 });
      await t.mail.waitFor(
        (m) => m.to === facility.email && /^Billing ended for /.test(m.subject) && m.text.includes('did not go through'),
      );
    });
  });
});
