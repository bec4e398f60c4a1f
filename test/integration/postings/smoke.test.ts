import { startTestApp, TestApp } from '../../support/app';
import { verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';

describe('postings smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a verified facility posts and publishes with a credit; applicants find it by filters', async () => {
    const facility = await verifiedFacility(t, { credits: 1 });
    const id = await activePosting(t, facility.token);
    const posting = await t.http().get(`/api/job-postings/${id}`).set('Authorization', `Bearer ${facility.token}`);
    expect(posting.body).toMatchObject({ status: 'active', facility_name: 'Bayview Surgery Center', creator_first_name: 'Dana' });
    expect(posting.body.total_contract_value).toBeGreaterThan(0);
    const me = await t.http().get('/api/users/me').set('Authorization', `Bearer ${facility.token}`);
    expect(me.body.facility.posting_credits).toBe(0);
    const applicant = await verifiedApplicant(t);
    const found = await t
      .http()
      .get('/api/job-postings?location=san&license=CA&sort=rate_desc')
      .set('Authorization', `Bearer ${applicant.token}`);
    expect(found.body.total).toBe(1);
    expect(found.body.job_postings[0]).toMatchObject({ id, status: 'active' });
    expect(found.body.job_postings[0].creator_email).toBeUndefined();
    const none = await t.http().get('/api/job-postings?location=boston');
    expect(none.body).toEqual({ job_postings: [], total: 0, total_capped: false });
  });

  it('answers a malformed posting id with 404, not a validation error', async () => {
    const response = await t.http().get('/api/job-postings/not-a-uuid');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Job posting not found' });
  });
});
