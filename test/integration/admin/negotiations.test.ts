import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken, signedUp, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting, draftPosting } from '../../support/postings';
import { bearer, expiredPosting, ISO } from './helpers';

const POSTING_KEYS = [
  'awaiting_response_count',
  'bid_count',
  'created_at',
  'end_date',
  'hourly_rate',
  'id',
  'start_date',
  'status',
  'title',
];

/**
 * What admins audit negotiations from: a facility's postings (GET /admin/facilities/{id}/postings)
 * and an applicant's bids (GET /admin/applicants/{id}/bids), each bid's history being
 * GET /job-bids/{id}/history, which admins may read.
 */
describe('admin: postings and bids for auditing negotiations', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  let first: Awaited<ReturnType<typeof verifiedApplicant>>;
  let second: Awaited<ReturnType<typeof verifiedApplicant>>;
  const postings: Record<'expired' | 'draft' | 'live' | 'withdrawn', string> = { expired: '', draft: '', live: '', withdrawn: '' };
  const bids: Record<'firstOnLive' | 'firstOnWithdrawn' | 'secondOnLive', string> = {
    firstOnLive: '',
    firstOnWithdrawn: '',
    secondOnLive: '',
  };

  const bid = async (token: string, postingId: string, rate: number) => {
    const response = await t.http().post('/api/job-bids').set(bearer(token)).send({ job_posting_id: postingId, proposed_rate: rate });
    if (response.status !== 201) throw new Error(`bid failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp();
    auth = bearer(await adminToken(t));
    facility = await verifiedFacility(t, { credits: 3 });
    [first, second] = [await verifiedApplicant(t), await verifiedApplicant(t, { first_name: 'Jo', last_name: 'Park' })];
    postings.expired = await expiredPosting(t, facility, 'Expired CRNA locum');
    postings.draft = await draftPosting(t, facility.token, { title: 'Draft CRNA locum' });
    postings.live = await activePosting(t, facility.token, { title: 'Live CRNA locum', hourly_rate: 185 });
    postings.withdrawn = await activePosting(t, facility.token, { title: 'Withdrawn CRNA locum', hourly_rate: 170 });
    bids.firstOnLive = await bid(first.token, postings.live, 190);
    bids.secondOnLive = await bid(second.token, postings.live, 200);
    const countered = await t.http().put(`/api/job-bids/${bids.secondOnLive}/counter?counter_rate=195`).set(bearer(facility.token));
    expect(countered.status).toBe(200);
    bids.firstOnWithdrawn = await bid(first.token, postings.withdrawn, 175);
    expect((await t.http().delete(`/api/job-postings/${postings.withdrawn}`).set(bearer(facility.token))).status).toBe(200);
  });
  afterAll(() => t.close());

  describe('GET /admin/facilities/{id}/postings', () => {
    it("answers the facility's postings newest first, with the derived status and bid counts", async () => {
      const response = await t.http().get(`/api/admin/facilities/${facility.facilityId}/postings`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body.map((p: { id: string; status: string; title: string }) => [p.id, p.status, p.title])).toEqual([
        [postings.withdrawn, 'withdrawn', 'Withdrawn CRNA locum'],
        [postings.live, 'active', 'Live CRNA locum'],
        [postings.draft, 'draft', 'Draft CRNA locum'],
        [postings.expired, 'expired', 'Expired CRNA locum'],
      ]);
      for (const posting of response.body) expect(Object.keys(posting).sort()).toEqual(POSTING_KEYS);
      expect(response.body[1]).toEqual({
        id: postings.live,
        title: 'Live CRNA locum',
        status: 'active',
        hourly_rate: 185,
        start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        end_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        // Two bids; only the first awaits the facility (the second has the facility's counter).
        bid_count: 2,
        awaiting_response_count: 1,
        created_at: expect.stringMatching(ISO),
      });
      expect(response.body[2]).toMatchObject({ bid_count: 0, awaiting_response_count: 0 });
      // The same figures as the facility's own dashboard.
      const mine = await t.http().get('/api/job-postings/my-postings').set(bearer(facility.token));
      for (const posting of response.body) {
        const own = mine.body.find((p: { id: string }) => p.id === posting.id);
        const { id, title, status, hourly_rate, start_date, end_date, bid_count, awaiting_response_count, created_at } = own;
        expect(posting).toEqual({ id, title, status, hourly_rate, start_date, end_date, bid_count, awaiting_response_count, created_at });
      }
    });

    it('answers [] for a facility without postings', async () => {
      const other = await signedUp(t, 'facility');
      const response = await t.http().get(`/api/admin/facilities/${other.me.facility.id}/postings`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it('is bounded to the newest 200', async () => {
      const other = await signedUp(t, 'facility');
      const facilityId = other.me.facility.id;
      await t.db.query(
        `INSERT INTO job_postings (id, facility_id, created_by, title, role_type, start_date, end_date, hourly_rate, hours_per_day,
           days_per_week, required_license_state, status, auto_expire_date, facility_name, created_at, updated_at)
         SELECT gen_random_uuid(), $1, $2, 'Posting ' || n, 'CRNA', current_date + 10, current_date + 40, 150, 8, 5, 'CA', 'draft',
                now() + interval '30 days', 'Bayview', now() - n * interval '1 minute', now()
           FROM generate_series(1, 205) AS n`,
        [facilityId, other.userId],
      );
      const response = await t.http().get(`/api/admin/facilities/${facilityId}/postings`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(200);
      expect(response.body[0].title).toBe('Posting 1');
      expect(response.body[199].title).toBe('Posting 200');
    });
  });

  describe('GET /admin/applicants/{id}/bids', () => {
    it("answers the applicant's bids newest first, each as the posting's facility sees it", async () => {
      const response = await t.http().get(`/api/admin/applicants/${first.applicantId}/bids`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body.map((b: { id: string }) => b.id)).toEqual([bids.firstOnWithdrawn, bids.firstOnLive]);
      for (const [bidId, postingId] of [
        [bids.firstOnWithdrawn, postings.withdrawn],
        [bids.firstOnLive, postings.live],
      ]) {
        const facilityView = await t.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(facility.token));
        expect(response.body.find((b: { id: string }) => b.id === bidId)).toEqual(
          facilityView.body.find((b: { id: string }) => b.id === bidId),
        );
      }
      expect(response.body[1]).toMatchObject({
        job_posting_id: postings.live,
        job_title: 'Live CRNA locum',
        job_status: 'active',
        job_hourly_rate: 185,
        facility: { id: facility.facilityId, name: 'Bayview Surgery Center', city: 'San Diego', state: 'CA' },
        applicant_id: first.applicantId,
        applicant_name: 'Sam Rivera',
        proposed_rate: 190,
        counter_rate: null,
        current_rate: 190,
        agreed_rate: null,
        current_state: 'applicant_submitted',
      });
      expect(response.body[0]).toMatchObject({ job_title: 'Withdrawn CRNA locum', job_status: 'withdrawn', proposed_rate: 175 });
    });

    it('shows the state and rates of a countered bid, whose full history admins may read', async () => {
      const response = await t.http().get(`/api/admin/applicants/${second.applicantId}/bids`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(1);
      expect(response.body[0]).toMatchObject({
        id: bids.secondOnLive,
        applicant_name: 'Jo Park',
        proposed_rate: 200,
        counter_rate: 195,
        current_rate: 195,
        current_state: 'facility_countered',
      });
      const history = await t.http().get(`/api/job-bids/${bids.secondOnLive}/history`).set(auth);
      expect(history.status).toBe(200);
      expect(history.body.map((e: { type: string; side: string; rate: number }) => [e.type, e.side, e.rate])).toEqual([
        ['BidSubmitted', 'applicant', 200],
        ['FacilityCountered', 'facility', 195],
      ]);
      const postingHistory = await t.http().get(`/api/job-postings/${postings.live}/history`).set(auth);
      expect(postingHistory.status).toBe(200);
      expect(postingHistory.body.map((e: { type: string }) => e.type)).toEqual([
        'PostingCreated',
        'PostingPublished',
        'BidSubmitted',
        'BidSubmitted',
        'FacilityCountered',
      ]);
    });

    it('answers [] for an applicant without bids', async () => {
      const nobody = await signedUp(t, 'applicant');
      const response = await t.http().get(`/api/admin/applicants/${nobody.me.applicant.id}/bids`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it('404 for an unknown applicant', async () => {
      const response = await t.http().get(`/api/admin/applicants/${randomUUID()}/bids`).set(auth);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Applicant not found' });
    });
  });
});
