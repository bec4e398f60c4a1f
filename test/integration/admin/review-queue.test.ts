import { startTestApp, TestApp } from '../../support/app';
import { adminToken, register, signedUp, verifiedApplicant, applicantRegistration } from '../../support/accounts';
import { bearer, ISO } from './helpers';

/**
 * The admin console opens on the review queue (issue #14): facilities and applicants awaiting
 * verification, oldest first, with the whole counts, new registrations and identity changes alike.
 */
describe('GET /api/admin/review-queue', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await adminToken(t));
  });
  afterAll(() => t.close());

  const queue = async () => {
    const response = await t.http().get('/api/admin/review-queue').set(admin);
    expect(response.status).toBe(200);
    return response.body;
  };

  it('is empty while nobody awaits review', async () => {
    expect(await queue()).toEqual({ facilities: [], applicants: [], counts: { facilities: 0, applicants: 0 } });
  });

  describe('with records awaiting review', () => {
    let first: Awaited<ReturnType<typeof signedUp>>;
    let second: Awaited<ReturnType<typeof signedUp>>;
    let applicant: Awaited<ReturnType<typeof signedUp>>;
    let unconfirmed: { id: string; email: string };

    beforeAll(async () => {
      first = await signedUp(t, 'facility', { name: 'Harbor Surgery Center' });
      applicant = await signedUp(t, 'applicant', { first_name: 'Ava', last_name: 'Stone', role_type: 'Anesthesiologist' });
      second = await signedUp(t, 'facility', { name: 'Mesa Clinic', facility_type: 'Hospital' });
      const payload = applicantRegistration({}, { first_name: 'Ben', last_name: 'Unconfirmed' });
      unconfirmed = await register(t, payload);
    });

    it('lists pending facilities and applicants oldest first with their type, email and why they are in review', async () => {
      const body = await queue();
      expect(body.counts).toEqual({ facilities: 2, applicants: 2 });
      expect(body.facilities.map((row: { name: string }) => row.name)).toEqual(['Harbor Surgery Center', 'Mesa Clinic']);
      expect(body.facilities[0]).toEqual({
        id: first.me.facility.id,
        name: 'Harbor Surgery Center',
        facility_type: 'Ambulatory Surgery Center',
        email: first.email,
        email_verified: true,
        created_at: expect.stringMatching(ISO),
        reason: 'new_registration',
        detail: null,
        in_review_since: body.facilities[0].created_at,
      });
      expect(body.applicants.map((row: { name: string }) => row.name)).toEqual(['Ava Stone', 'Ben Unconfirmed']);
      expect(body.applicants[0]).toMatchObject({ id: applicant.me.applicant.id, role_type: 'Anesthesiologist', email_verified: true });
      expect(body.applicants[1]).toMatchObject({ email: unconfirmed.email, email_verified: false, reason: 'new_registration' });
      expect(second.me.facility.id).toBe(body.facilities[1].id);
    });

    it('drops a record once an admin verified or rejected it', async () => {
      await t.http().put(`/api/admin/facilities/${first.me.facility.id}/verify?verification_status=verified`).set(admin).expect(200);
      await t
        .http()
        .put(`/api/admin/applicants/${applicant.me.applicant.id}/verify?verification_status=rejected&notes=no`)
        .set(admin)
        .expect(200);
      const body = await queue();
      expect(body.counts).toEqual({ facilities: 1, applicants: 1 });
      expect(body.facilities.map((row: { name: string }) => row.name)).toEqual(['Mesa Clinic']);
      expect(body.applicants.map((row: { name: string }) => row.name)).toEqual(['Ben Unconfirmed']);
    });
  });

  it('shows a verified applicant who changed their license number as an identity change, since that change', async () => {
    const verified = await verifiedApplicant(t, { first_name: 'Cole', last_name: 'Changed' });
    expect((await queue()).applicants.map((row: { id: string }) => row.id)).not.toContain(verified.applicantId);
    const own = (await t.http().get('/api/applicants/profile').set(bearer(verified.token))).body;
    await t
      .http()
      .put('/api/applicants/profile')
      .set(bearer(verified.token))
      .send({ ...own, license_number: 'RN-CHANGED-9' })
      .expect(200);

    const row = (await queue()).applicants.find((entry: { id: string }) => entry.id === verified.applicantId);
    expect(row).toMatchObject({ name: 'Cole Changed', reason: 'identity_change', detail: 'Changed license number; back in review' });
    expect(row.in_review_since).toMatch(ISO);
    expect(Date.parse(row.in_review_since)).toBeGreaterThan(Date.parse(row.created_at));
  });

  it('answers at most 100 of each, oldest first, and counts them all', async () => {
    // Rows straight into the read model, older than everyone above: 120 registrations through the
    // API would spend most of the test hashing passwords.
    await t.db.query(
      `INSERT INTO facilities (id, name, created_at, updated_at)
       SELECT gen_random_uuid(), 'Bulk ' || lpad(i::text, 3, '0'), now() - interval '1 day' * (200 - i), now()
         FROM generate_series(1, 120) AS i`,
    );
    const body = await queue();
    expect(body.counts.facilities).toBe(121);
    expect(body.facilities).toHaveLength(100);
    expect(body.facilities[0].name).toBe('Bulk 001');
    expect(body.facilities[99].name).toBe('Bulk 100');
  });

  it('is for platform admins only', async () => {
    const facility = await signedUp(t, 'facility');
    const applicant = await signedUp(t, 'applicant');
    await t.http().get('/api/admin/review-queue').expect(401);
    for (const token of [facility.token, applicant.token]) {
      const response = await t.http().get('/api/admin/review-queue').set(bearer(token));
      expect(response.status).toBe(403);
    }
  });
});
