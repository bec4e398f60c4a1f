import Stripe from 'stripe';
import { startTestApp, TestApp } from '../../support/app';
import { verifiedFacility } from '../../support/accounts';
import { awaitingPayment, bearer, CARDS, checkout, checkoutBody, eventTypes, eventually, subscriptionOf } from './helpers';
import { StripeStub } from './stripe-stub';

jest.setTimeout(90_000);

const WEBHOOK_SECRET = 'whsec_test_local';
const signer = new Stripe('sk_test_signer');

describe('Stripe mode, through the real stripe package against a local stand-in', () => {
  let t: TestApp;
  let stripe: StripeStub;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  let eventCount = 0;

  beforeAll(async () => {
    stripe = await new StripeStub().start();
    t = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    });
    facility = await verifiedFacility(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });

  const event = (type: string, object: Record<string, unknown>, id = `evt_${++eventCount}`) => ({
    id,
    object: 'event',
    type,
    data: { object },
  });

  /** Posts `body` as Stripe would: signed with the webhook secret (or a wrong one). */
  const deliver = (body: unknown, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(body);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.http().post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
  };

  const invoice = (postingId: string, id: string, billingReason: string, extra: Record<string, unknown> = {}) => {
    const start = Math.floor(Date.now() / 1000) + 30 * 86400;
    return {
      id,
      object: 'invoice',
      billing_reason: billingReason,
      amount_paid: 19900,
      amount_due: 19900,
      attempt_count: 1,
      period_start: start - 30 * 86400,
      period_end: start,
      lines: { object: 'list', data: [{ period: { start, end: start + 31 * 86400 } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_x', metadata: { posting_id: postingId } } },
      ...extra,
    };
  };

  /** A posting awaiting payment with a Stripe checkout session that the customer paid. */
  const paidSession = async () => {
    const postingId = await awaitingPayment(t, facility.token);
    const sessionId = await checkout(t, facility.token, postingId);
    const subscriptionId = stripe.pay(sessionId);
    return { postingId, sessionId, subscriptionId, session: stripe.sessions.get(sessionId)! };
  };

  it('answers the mode and the publishable key', async () => {
    const response = await t.http().get('/api/billing/config');
    expect(response.body).toEqual({ job_posting_monthly_rate: 199, currency: 'usd', mode: 'stripe', publishable_key: 'pk_test_local' });
  });

  it('creates an embedded monthly Checkout Session for one Stripe customer per facility', async () => {
    const first = await awaitingPayment(t, facility.token);
    const second = await awaitingPayment(t, facility.token);
    const answer = await t.http().post('/api/billing/create-checkout-session').set(bearer(facility.token)).send(checkoutBody(t, first));
    expect(answer.status).toBe(200);
    expect(answer.body.client_secret).toBe(`${answer.body.session_id}_secret_stub`);
    await checkout(t, facility.token, second);

    expect(stripe.calls('POST', /^\/v1\/customers$/)).toHaveLength(1);
    const [customer] = stripe.calls('POST', /^\/v1\/customers$/);
    expect(customer.params['metadata[facility_id]']).toBe(facility.facilityId);
    const sessions = stripe.calls('POST', /^\/v1\/checkout\/sessions$/);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const params = sessions[sessions.length - 2].params;
    expect(params).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_/),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][recurring][interval]': 'month',
      return_url: `${t.config.APP_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      'metadata[posting_id]': first,
      'metadata[facility_id]': facility.facilityId,
      'subscription_data[metadata][posting_id]': first,
      'subscription_data[metadata][facility_id]': facility.facilityId,
    });
  });

  it('refuses the sandbox card form while Stripe takes the payments', async () => {
    const postingId = await awaitingPayment(t, facility.token);
    const sessionId = await checkout(t, facility.token, postingId);
    const response = await t.http().post(`/api/billing/sandbox/sessions/${sessionId}/pay`).set(bearer(facility.token)).send(CARDS.pays);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: 'The payment sandbox is off: this server takes payments through Stripe.' });
  });

  it('confirms only once Stripe says the session is paid, then records its subscription', async () => {
    const postingId = await awaitingPayment(t, facility.token);
    const sessionId = await checkout(t, facility.token, postingId);
    const early = await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(facility.token));
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ detail: 'The payment for this checkout has not gone through yet.' });

    const subscriptionId = stripe.pay(sessionId);
    const confirmed = await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(facility.token));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.subscription).toMatchObject({ status: 'active', monthly_rate: 199 });
    const [row] = await t.db.query('SELECT provider, provider_ref FROM subscriptions WHERE posting_id = $1', [postingId]);
    expect(row).toEqual({ provider: 'stripe', provider_ref: subscriptionId });
    expect((await t.http().get(`/api/job-postings/${postingId}`).set(bearer(facility.token))).body.status).toBe('active');
  });

  it('applies checkout.session.completed once, even delivered twice or after the confirm', async () => {
    const { postingId, sessionId, session } = await paidSession();
    const completed = event('checkout.session.completed', { ...session });
    for (let i = 0; i < 2; i++) {
      const response = await deliver(completed);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ received: true });
    }
    expect((await deliver(event('checkout.session.completed', { ...session }))).status).toBe(200);
    expect((await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(facility.token))).status).toBe(200);
    expect(await eventTypes(t, `subscription-${postingId}`)).toEqual(['SubscriptionStarted', 'PaymentRecorded']);
    expect(await eventTypes(t, `posting-${postingId}`)).toEqual(['PostingCreated', 'PostingPaymentRequired', 'PostingActivated']);
  });

  it('records monthly invoices once, skips the first invoice, and keeps an invoice that arrives before its checkout', async () => {
    const { postingId, session } = await paidSession();
    const early = event('invoice.paid', invoice(postingId, 'in_cycle_1', 'subscription_cycle'));
    const refused = await deliver(early);
    expect(refused.status).toBe(409);
    expect(await eventTypes(t, `subscription-${postingId}`)).toEqual([]);

    expect((await deliver(event('checkout.session.completed', { ...session }))).status).toBe(200);
    expect((await deliver(event('invoice.paid', invoice(postingId, 'in_first', 'subscription_create')))).status).toBe(200);
    // Stripe retries the refused event (same id) and may deliver it once more.
    for (let i = 0; i < 2; i++) expect((await deliver(early)).status).toBe(200);

    const history = (await subscriptionOf(t, facility.token, postingId)).body;
    expect(
      history.billing_records.map((r: { billing_type: string; prorated_amount: number }) => [r.billing_type, r.prorated_amount]),
    ).toEqual([
      ['monthly', 199],
      ['initial', 199],
    ]);
    await t.mail.waitFor((m) => m.to === facility.email && /^Receipt: \$199/.test(m.subject) && m.text.includes('Monthly'));
  });

  it('a failed invoice makes the subscription past due and tells the billing managers', async () => {
    const { postingId, session } = await paidSession();
    await deliver(event('checkout.session.completed', { ...session }));
    const failed = await deliver(
      event('invoice.payment_failed', invoice(postingId, 'in_failing', 'subscription_cycle', { amount_paid: 0 })),
    );
    expect(failed.status).toBe(200);
    const history = (await subscriptionOf(t, facility.token, postingId)).body;
    expect(history.status).toBe('past_due');
    expect(history.billing_records[0]).toMatchObject({ billing_type: 'monthly', status: 'failed' });
    await t.mail.waitFor((m) => m.to === facility.email && /^Payment failed for /.test(m.subject));

    const deleted = await deliver(
      event('customer.subscription.deleted', { id: 'sub_x', object: 'subscription', metadata: { posting_id: postingId } }),
    );
    expect(deleted.status).toBe(200);
    const ended = (await subscriptionOf(t, facility.token, postingId)).body;
    expect(ended.status).toBe('canceled');
    // Stripe gave up on the payments: the posting is taken down.
    expect((await t.http().get(`/api/job-postings/${postingId}`).set(bearer(facility.token))).body.status).toBe('withdrawn');
  });

  it('withdrawing cancels the Stripe subscription too, with a Final record', async () => {
    const { postingId, sessionId, subscriptionId } = await paidSession();
    expect((await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(facility.token))).status).toBe(200);
    expect((await t.http().delete(`/api/job-postings/${postingId}`).set(bearer(facility.token))).status).toBe(200);
    const ended = await eventually(async () => {
      const body = (await subscriptionOf(t, facility.token, postingId)).body;
      return body.status === 'canceled' ? body : null;
    });
    expect(ended.billing_records[0]).toMatchObject({ billing_type: 'prorated_cancellation', prorated_amount: 0 });
    expect(stripe.calls('DELETE', new RegExp(`^/v1/subscriptions/${subscriptionId}$`))).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { postingId, session } = await paidSession();
    const forged = event('checkout.session.completed', { ...session });
    const [{ count: before }] = await t.db.query('SELECT count(*)::int AS count FROM stripe_webhook_events');
    for (const response of [
      await deliver(forged, 'whsec_someone_else'),
      await t.http().post('/api/billing/webhook').set('Content-Type', 'application/json').send(JSON.stringify(forged)),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'The webhook signature does not match.' });
    }
    expect(await eventTypes(t, `subscription-${postingId}`)).toEqual([]);
    const [{ count: after }] = await t.db.query('SELECT count(*)::int AS count FROM stripe_webhook_events');
    expect(after).toBe(before);
  });
});
