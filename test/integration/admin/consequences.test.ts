import { startTestApp, TestApp } from '../../support/app';
import { adminToken, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting, draftPosting, jobForm } from '../../support/postings';
import { bearer, facilityUser, searchIds } from './helpers';

const SUSPENDED = { detail: 'Your facility is suspended. Contact support to reactivate it.' };

/** What suspending a facility and deactivating an applicant do elsewhere in the product (spec part 2 §4). */
describe('admin: consequences of suspension and deactivation', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    auth = bearer(await adminToken(t));
  });
  afterAll(() => t.close());

  const setFacilityActive = (id: string, is_active: boolean) =>
    t
      .http()
      .put(`/api/admin/facilities/${id}/status`)
      .set(auth)
      .send({ is_active, notes: is_active ? 'Paid' : 'Unpaid invoices' });
  const setApplicantActive = (id: string, is_active: boolean) =>
    t
      .http()
      .put(`/api/admin/applicants/${id}/status`)
      .set(auth)
      .send({ is_active, notes: is_active ? 'Renewed' : 'License lapsed' });

  it("a suspended facility's members cannot create or publish postings, and its postings leave search until it is activated", async () => {
    const facility = await verifiedFacility(t, { credits: 3 });
    const member = await facilityUser(t, facility.facilityId);
    const live = await activePosting(t, facility.token);
    const draft = await draftPosting(t, facility.token);
    const other = await verifiedFacility(t, { credits: 1 });
    const elsewhere = await activePosting(t, other.token);
    expect(await searchIds(t)).toEqual(expect.arrayContaining([live, elsewhere]));

    expect((await setFacilityActive(facility.facilityId, false)).status).toBe(200);

    for (const token of [facility.token, member.token]) {
      const created = await t.http().post('/api/job-postings').set(bearer(token)).send(jobForm());
      expect([created.status, created.body]).toEqual([403, SUSPENDED]);
      const published = await t.http().post(`/api/job-postings/${draft}/publish`).set(bearer(token));
      expect([published.status, published.body]).toEqual([403, SUSPENDED]);
    }
    const ids = await searchIds(t);
    expect(ids).not.toContain(live);
    expect(ids).toContain(elsewhere);
    // Nor can the public open it; the facility and admins still can.
    expect((await t.http().get(`/api/job-postings/${live}`)).status).toBe(404);
    expect((await t.http().get(`/api/job-postings/${live}`).set(bearer(facility.token))).status).toBe(200);
    expect((await t.http().get(`/api/job-postings/${live}`).set(auth)).status).toBe(200);
    // Credits are untouched by the refusals.
    expect((await t.http().get(`/api/admin/facilities/${facility.facilityId}`).set(auth)).body.posting_credits).toBe(2);

    expect((await setFacilityActive(facility.facilityId, true)).status).toBe(200);
    expect(await searchIds(t)).toContain(live);
    const published = await t.http().post(`/api/job-postings/${draft}/publish`).set(bearer(member.token));
    expect(published.status).toBe(200);
    expect(published.body.requires_payment).toBe(false);
    const created = await t.http().post('/api/job-postings').set(bearer(facility.token)).send(jobForm());
    expect(created.status).toBe(201);
    expect(await searchIds(t)).toEqual(expect.arrayContaining([live, draft]));
  });

  it('a deactivated applicant cannot bid until activated again', async () => {
    const facility = await verifiedFacility(t, { credits: 1 });
    const posting = await activePosting(t, facility.token);
    const applicant = await verifiedApplicant(t);
    expect((await setApplicantActive(applicant.applicantId, false)).status).toBe(200);

    const refused = await t.http().post('/api/job-bids').set(bearer(applicant.token)).send({ job_posting_id: posting, proposed_rate: 190 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Your account is deactivated. Contact support to reactivate it.' });
    const bids = await t.http().get(`/api/job-bids/job/${posting}/bids`).set(bearer(facility.token));
    expect(bids.body).toEqual([]);

    expect((await setApplicantActive(applicant.applicantId, true)).status).toBe(200);
    const placed = await t.http().post('/api/job-bids').set(bearer(applicant.token)).send({ job_posting_id: posting, proposed_rate: 190 });
    expect(placed.status).toBe(201);
    expect(placed.body.current_state).toBe('applicant_submitted');
  });
});
