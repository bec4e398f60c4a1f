import { startTestApp, TestApp } from '../../support/app';
import { dateFromToday, jobForm } from '../../support/postings';
import { bearer, facilityWithPosting, quickApplicant, quickFacility, submitBid } from '../bids/helpers';

jest.setTimeout(60_000);

/**
 * Values a read model cannot store (an integer past 2^31, a contract value that overflows, an
 * indexed text past a btree entry) used to be accepted and recorded: the command answered 2xx and
 * the projection then failed on that event forever. Each is now refused with the contract's 422,
 * and the next ordinary write still reaches the read models.
 */
describe('inputs are bounded to what the product means', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  function expect422(response: { status: number; body: unknown }, loc: (string | number)[], msg: string) {
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc, msg, type: expect.any(String) }] });
  }

  it('a bid of $3,000,000,000 is refused; the next bid is in the applicant list', async () => {
    const { postingId } = await facilityWithPosting(t, {}, { quick: true });
    const applicant = await quickApplicant(t);
    expect422(await submitBid(t, applicant.token, postingId, 3_000_000_000), ['body', 'proposed_rate'], 'Rate must be at most $1,000');

    expect((await submitBid(t, applicant.token, postingId, 190)).status).toBe(201);
    const mine = await t.http().get('/api/job-bids/my-bids').set(bearer(applicant.token));
    expect(mine.body.map((bid: { proposed_rate: number }) => bid.proposed_rate)).toEqual([190]);
  });

  it('a counter of $3,000,000,000 is refused', async () => {
    const { facility, postingId } = await facilityWithPosting(t, {}, { quick: true });
    const applicant = await quickApplicant(t);
    const bid = (await submitBid(t, applicant.token, postingId, 190)).body.id;
    const response = await t.http().put(`/api/job-bids/${bid}/counter?counter_rate=3000000000`).set(bearer(facility.token));
    expect422(response, ['query', 'counter_rate'], 'Counter rate must be at most $1,000');
  });

  it('a posting at $2,147,483,647 an hour, or one ending 9999-12-31, is refused; the next one is listed', async () => {
    const facility = await quickFacility(t);
    const create = (form: Record<string, unknown>) => t.http().post('/api/job-postings').set(bearer(facility.token)).send(form);

    expect422(await create(jobForm({ hourly_rate: 2_147_483_647 })), ['body', 'hourly_rate'], 'Hourly rate must be at most $1,000');
    expect422(await create(jobForm({ end_date: '9999-12-31' })), ['body', 'end_date'], 'A job can run for at most 2 years');
    const far = dateFromToday(800);
    expect422(
      await create(jobForm({ start_date: far, end_date: far })),
      ['body', 'start_date'],
      'Start date must be within 2 years from today',
    );
    expect422(
      await create(jobForm({ auto_expire_date: '9999-12-31T00:00:00Z' })),
      ['body', 'auto_expire_date'],
      'Expiration date must be within 2 years from today',
    );
    expect422(await create(jobForm({ procedure_type_ids: [3_000_000_000] })), ['body', 'procedure_type_ids', 0], expect.any(String));
    expect422(await create(jobForm({ lodging_amount: 1e300 })), ['body', 'lodging_amount'], 'Lodging amount must be at most $100,000');

    // The longest job at the highest rate still has a contract value the read model can hold.
    const longest = await create(
      jobForm({ hourly_rate: 1000, hours_per_day: 24, week_days: [], days_per_week: 7, end_date: dateFromToday(14 + 730) }),
    );
    expect(longest.status).toBe(201);
    expect(longest.body.total_contract_value).toBe(24 * 1000 * 731);
    const mine = await t.http().get('/api/job-postings/my-postings').set(bearer(facility.token));
    expect(mine.body.map((posting: { id: string }) => posting.id)).toEqual([longest.body.id]);
  });

  it("a 200,000-character facility city is refused; the next profile edit reaches the facility's postings", async () => {
    const facility = await quickFacility(t);
    const profile = (await t.http().get('/api/facilities/profile').set(bearer(facility.token))).body;
    const put = (city: string) =>
      t
        .http()
        .put('/api/facilities/profile')
        .set(bearer(facility.token))
        .send({ ...profile, city });

    expect422(await put('x'.repeat(200_000)), ['body', 'city'], 'City must be at most 100 characters');
    expect((await put('Chula Vista')).status).toBe(200);
    const posting = await t.http().post('/api/job-postings').set(bearer(facility.token)).send(jobForm());
    expect(posting.status).toBe(201);
    expect(posting.body.facility_city).toBe('Chula Vista');
  });

  it('a pending applicant with a 3,000,000,000-mile radius is refused; the next edit is saved', async () => {
    const applicant = await quickApplicant(t, {}, { verified: false });
    const profile = (await t.http().get('/api/applicants/profile').set(bearer(applicant.token))).body;
    const put = (changes: Record<string, unknown>) =>
      t
        .http()
        .put('/api/applicants/profile')
        .set(bearer(applicant.token))
        .send({ ...profile, ...changes });

    expect422(
      await put({ preferred_radius_miles: 3_000_000_000 }),
      ['body', 'preferred_radius_miles'],
      'Preferred travel radius must be at most 3,000 miles',
    );
    expect422(await put({ hourly_rate_max: 3_000_000_000 }), ['body', 'hourly_rate_max'], 'Maximum hourly rate must be at most $1,000');
    expect422(await put({ bio: 'b'.repeat(5001) }), ['body', 'bio'], 'Bio must be at most 5,000 characters');
    expect422(await put({ license_expires_at: '9999-12-31' }), ['body', 'license_expires_at'], 'Please enter a date between 1900 and 2100');

    expect((await put({ preferred_radius_miles: 250 })).status).toBe(200);
    const saved = await t.http().get('/api/applicants/profile').set(bearer(applicant.token));
    expect(saved.body.preferred_radius_miles).toBe(250);
  });

  it('registration refuses names and addresses longer than their fields', async () => {
    const { facilityRegistration } = await import('../../support/accounts');
    const response = await t
      .http()
      .post('/api/auth/register')
      .send(facilityRegistration({}, { first_name: 'A'.repeat(101), city: 'c'.repeat(101), name: 'n'.repeat(201) }));
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'profile_data', 'first_name'], msg: 'First name must be at most 100 characters' }),
        expect.objectContaining({ loc: ['body', 'profile_data', 'city'], msg: 'City must be at most 100 characters' }),
        expect.objectContaining({ loc: ['body', 'profile_data', 'name'], msg: 'Facility name must be at most 200 characters' }),
      ]),
    );
  });

  it("paging an applicant's bids beyond any real list is refused, not a database error", async () => {
    const applicant = await quickApplicant(t);
    const response = await t.http().get('/api/job-bids/my-bids?offset=1e20').set(bearer(applicant.token));
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['query', 'offset']);
  });
});
