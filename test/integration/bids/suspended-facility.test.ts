import { adminToken, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app';
import { activePosting } from '../../support/postings';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A suspended facility's postings are hidden from applicants (404), so they take no bids either;
 * bids already on them cannot move until the facility is active again (withdrawing stays open).
 */
describe('bids on a suspended facility', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('refuses new bids and moves, allows withdrawing, and takes bids again once reactivated', async () => {
    const facility = await verifiedFacility(t, { credits: 1 });
    const postingId = await activePosting(t, facility.token);
    const early = await verifiedApplicant(t);
    const late = await verifiedApplicant(t);
    const leaving = await verifiedApplicant(t);
    const bid = await t.http().post('/api/job-bids').set(bearer(early.token)).send({ job_posting_id: postingId, proposed_rate: 180 });
    expect(bid.status).toBe(201);
    const toWithdraw = await t
      .http()
      .post('/api/job-bids')
      .set(bearer(leaving.token))
      .send({ job_posting_id: postingId, proposed_rate: 175 });
    expect(toWithdraw.status).toBe(201);
    const countered = await t.http().put(`/api/job-bids/${bid.body.id}/counter?counter_rate=185`).set(bearer(facility.token));
    expect(countered.status).toBe(200);
    const admin = bearer(await adminToken(t));
    const status = (is_active: boolean) =>
      t.http().put(`/api/admin/facilities/${facility.facilityId}/status`).set(admin).send({ is_active, notes: 'Licence check' });

    expect((await status(false)).status).toBe(200);
    expect((await t.http().get(`/api/job-postings/${postingId}`).set(bearer(late.token))).status).toBe(404);
    const refused = await t.http().post('/api/job-bids').set(bearer(late.token)).send({ job_posting_id: postingId, proposed_rate: 190 });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ detail: 'Job posting not found' });
    const acceptCounter = await t.http().put(`/api/job-bids/${bid.body.id}/accept-counter`).set(bearer(early.token));
    expect(acceptCounter.status).toBe(409);
    expect(acceptCounter.body).toEqual({ detail: 'This facility is not taking bids right now.' });
    const withdrawn = await t.http().put(`/api/job-bids/${toWithdraw.body.id}/withdraw`).set(bearer(leaving.token));
    expect(withdrawn.status).toBe(200);

    expect((await status(true)).status).toBe(200);
    const accepted = await t.http().post('/api/job-bids').set(bearer(late.token)).send({ job_posting_id: postingId, proposed_rate: 190 });
    expect(accepted.status).toBe(201);
  });
});
