import { startTestApp, TestApp } from '../../support/app';
import { adminToken, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { awaitingPayment, bearer, CARDS, checkout, checkoutBody, member, paidPosting } from './helpers';

jest.setTimeout(90_000);

const NO_BILLING = { detail: "You don't have permission to manage billing for this facility." };

describe('who may pay and see billing', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  let other: Awaited<ReturnType<typeof verifiedFacility>>;
  let paid: Awaited<ReturnType<typeof paidPosting>>;

  beforeAll(async () => {
    t = await startTestApp();
    [facility, other] = await Promise.all([verifiedFacility(t), verifiedFacility(t)]);
    paid = await paidPosting(t, facility.token);
  });
  afterAll(() => t.close());

  it('a member who may publish but not pay is told to ask, and the billing managers get a link to the posting', async () => {
    const publisher = await member(t, facility.facilityId, { can_create_jobs: true, can_publish_jobs: true }, 'Pat');
    const payer = await member(t, facility.facilityId, { can_manage_billing: true }, 'Billie');
    const postingId = await awaitingPayment(t, publisher.token);
    const refused = await t
      .http()
      .post('/api/billing/create-checkout-session')
      .set(bearer(publisher.token))
      .send(checkoutBody(t, postingId));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: "Only a billing manager can pay for this posting. We've emailed your facility's billing managers to complete the payment.",
    });
    for (const to of [facility.email, payer.email]) {
      const email = await t.mail.waitFor((m) => m.to === to && /^Payment needed to publish /.test(m.subject));
      expect(email.text).toContain(`${t.config.APP_URL}/jobs/${postingId}`);
      expect(email.text).toContain('Pat Member');
    }
    expect(t.mail.to(publisher.email)).toEqual([]);

    // The billing manager pays it.
    const sessionId = await checkout(t, payer.token, postingId);
    expect((await t.http().post(`/api/billing/sandbox/sessions/${sessionId}/pay`).set(bearer(payer.token)).send(CARDS.pays)).status).toBe(
      200,
    );
    expect((await t.http().post(`/api/billing/confirm-subscription/${sessionId}`).set(bearer(payer.token))).status).toBe(200);
  });

  it('a member without billing permission is refused every billing call', async () => {
    const plain = await member(t, facility.facilityId, { can_create_jobs: true });
    const calls = [
      t.http().post('/api/billing/create-checkout-session').set(bearer(plain.token)).send(checkoutBody(t, paid.postingId)),
      t.http().post(`/api/billing/sandbox/sessions/${paid.sessionId}/pay`).set(bearer(plain.token)).send(CARDS.pays),
      t.http().post(`/api/billing/confirm-subscription/${paid.sessionId}`).set(bearer(plain.token)),
      t.http().get(`/api/billing/subscription/${paid.postingId}`).set(bearer(plain.token)),
      t.http().get('/api/billing/payments').set(bearer(plain.token)),
      t.http().get('/api/billing/dashboard').set(bearer(plain.token)),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual(NO_BILLING);
    }
  });

  it("another facility's posting and sessions are not found", async () => {
    const otherPosting = await awaitingPayment(t, other.token);
    const foreignCheckout = await t
      .http()
      .post('/api/billing/create-checkout-session')
      .set(bearer(facility.token))
      .send(checkoutBody(t, otherPosting));
    expect(foreignCheckout.status).toBe(404);
    expect(foreignCheckout.body).toEqual({ detail: 'Job posting not found' });
    const history = await t.http().get(`/api/billing/subscription/${paid.postingId}`).set(bearer(other.token));
    expect(history.status).toBe(404);
    expect(history.body).toEqual({ detail: 'No billing history available' });
    for (const response of [
      await t.http().post(`/api/billing/confirm-subscription/${paid.sessionId}`).set(bearer(other.token)),
      await t.http().post(`/api/billing/sandbox/sessions/${paid.sessionId}/pay`).set(bearer(other.token)).send(CARDS.pays),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Checkout session not found.' });
    }
    const payments = await t.http().get('/api/billing/payments').set(bearer(other.token));
    expect(payments.body).toMatchObject({ payments: [], total: 0 });
  });

  it("applicants are refused; platform admins see any posting's billing and a facility's payments", async () => {
    const applicant = await verifiedApplicant(t);
    for (const response of [
      await t.http().post('/api/billing/create-checkout-session').set(bearer(applicant.token)).send(checkoutBody(t, paid.postingId)),
      await t.http().get(`/api/billing/subscription/${paid.postingId}`).set(bearer(applicant.token)),
      await t.http().get('/api/billing/payments').set(bearer(applicant.token)),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual(NO_BILLING);
    }
    expect((await t.http().get('/api/billing/payments')).status).toBe(401);

    const admin = await adminToken(t);
    const history = await t.http().get(`/api/billing/subscription/${paid.postingId}`).set(bearer(admin));
    expect(history.status).toBe(200);
    expect(history.body).toEqual(paid.confirmed.subscription);
    const payments = await t.http().get(`/api/admin/facilities/${facility.facilityId}/payments?filter=all`).set(bearer(admin));
    expect(payments.status).toBe(200);
    expect(payments.body.payments.map((row: { job_posting_id: string }) => row.job_posting_id)).toContain(paid.postingId);
    const byFacility = await t.http().get(`/api/admin/facilities/${facility.facilityId}/payments`).set(bearer(facility.token));
    expect(byFacility.status).toBe(403);
    const missing = await t.http().get('/api/admin/facilities/00000000-0000-4000-8000-000000000000/payments').set(bearer(admin));
    expect(missing.status).toBe(404);
  });
});
