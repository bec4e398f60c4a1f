import { startTestApp, TestApp } from '../../support/app';
import { adminToken, signedUp, validNpi, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { mailMark, nextEmail } from '../accounts/helpers';
import { bearer, noteLine } from './helpers';

const ADMIN_EMAIL = 'admin@tenens.test';

/**
 * Identity changes keep no verification (issue #12, fault 4): a verified applicant or facility
 * that changes what an admin checked goes back to pending, the record's history says so and the
 * platform admins are emailed. Other fields, pending records and admins' own edits keep it.
 */
describe('identity changes send a verified record back to review', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await adminToken(t));
  });
  afterAll(() => t.close());

  const types = async (stream: string) =>
    (await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [stream])).map(
      (e: { type: string }) => e.type,
    );

  describe('an applicant', () => {
    const ownProfile = async (token: string) => (await t.http().get('/api/applicants/profile').set(bearer(token))).body;
    const saveProfile = async (token: string, change: Record<string, unknown>) =>
      t
        .http()
        .put('/api/applicants/profile')
        .set(bearer(token))
        .send({ ...(await ownProfile(token)), ...change });

    it('who changes their license number is pending again: the record, its history, the admins and bidding all know', async () => {
      const applicant = await verifiedApplicant(t);
      const facility = await verifiedFacility(t, { credits: 1 });
      const postingId = await activePosting(t, facility.token);
      const seen = mailMark(t);

      const saved = await saveProfile(applicant.token, { license_number: 'RN-CHANGED-1' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ license_number: 'RN-CHANGED-1', verification_status: 'pending' });
      expect(await ownProfile(applicant.token)).toMatchObject({ verification_status: 'pending' });
      expect((await t.http().get('/api/users/me').set(bearer(applicant.token))).body.applicant.verification_status).toBe('pending');

      const detail = await t.http().get(`/api/admin/applicants/${applicant.applicantId}`).set(admin);
      expect(detail.body).toMatchObject({ verification_status: 'pending', license_number: 'RN-CHANGED-1' });
      expect(detail.body.verification_notes.split('\n').at(-1)).toMatch(noteLine('Changed license number; back in review'));

      const history = await t.http().get(`/api/admin/applicants/${applicant.applicantId}/history`).set(admin);
      expect(history.status).toBe(200);
      expect(history.body.slice(-2)).toEqual([
        expect.objectContaining({
          type: 'ApplicantProfileUpdated',
          actor: expect.objectContaining({ side: 'applicant', name: 'Sam Rivera' }),
        }),
        expect.objectContaining({
          type: 'ApplicantVerificationReset',
          actor: expect.objectContaining({ side: 'applicant', user_id: applicant.userId, name: 'Sam Rivera' }),
          data: expect.objectContaining({ fields: ['license_number'], notes: 'Changed license number; back in review' }),
        }),
      ]);

      const email = await nextEmail(t, seen, ADMIN_EMAIL, /^Sam Rivera changed license number; the record is back in review$/);
      expect(email.text).toContain(`${t.config.APP_URL}/admin/applicants/${applicant.applicantId}`);

      const bid = await t.http().post('/api/job-bids').set(bearer(applicant.token)).send({ job_posting_id: postingId, proposed_rate: 190 });
      expect(bid.status).toBe(403);
      expect(bid.body.detail).toBe("Your account is currently being verified. Once it's verified, you'll be able to apply for this role.");

      // The admin reviews the change and the applicant is verified again.
      const reverified = await t
        .http()
        .put(`/api/admin/applicants/${applicant.applicantId}/verify?verification_status=verified`)
        .set(admin);
      expect(reverified.status).toBe(200);
      expect(reverified.body.verification_status).toBe('verified');
    });

    it.each([
      ['NPI', { npi: validNpi() }, 'npi'],
      ['license state', { license_state: 'NV' }, 'license_state'],
      ['role', { role_type: 'Anesthesiologist' }, 'role_type'],
      ['last name', { last_name: 'Rivera-Lopez' }, 'last_name'],
    ])('who changes their %s is pending again', async (_label, change, field) => {
      const applicant = await verifiedApplicant(t);
      const saved = await saveProfile(applicant.token, change);
      expect(saved.status).toBe(200);
      expect(saved.body.verification_status).toBe('pending');
      const history = await t.http().get(`/api/admin/applicants/${applicant.applicantId}/history`).set(admin);
      expect(history.body.at(-1)).toMatchObject({ type: 'ApplicantVerificationReset', data: { fields: [field] } });
    });

    it('who changes only other fields (city, bio, rates, alerts) stays verified, with no reset recorded', async () => {
      const applicant = await verifiedApplicant(t);
      const saved = await saveProfile(applicant.token, {
        city: 'Reno',
        state: 'NV',
        bio: 'Cardiac cases.',
        hourly_rate_min: 180,
        job_search_frequency_days: 1,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ city: 'Reno', verification_status: 'verified' });
      // Saving the same identity again is no change either.
      expect((await saveProfile(applicant.token, {})).body.verification_status).toBe('verified');
      expect(await types(`applicant-${applicant.applicantId}`)).not.toContain('ApplicantVerificationReset');
    });

    it('who renames themselves in account settings (PUT /users/me) is pending again, under the new name', async () => {
      const applicant = await verifiedApplicant(t);
      const seen = mailMark(t);
      const response = await t
        .http()
        .put('/api/users/me')
        .set(bearer(applicant.token))
        .send({ first_name: 'Samantha', last_name: 'Rivera', email: applicant.email });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        first_name: 'Samantha',
        applicant: expect.objectContaining({ verification_status: 'pending' }),
      });
      expect(await ownProfile(applicant.token)).toMatchObject({ first_name: 'Samantha', verification_status: 'pending' });
      await nextEmail(t, seen, ADMIN_EMAIL, /^Samantha Rivera changed first name; the record is back in review$/);

      // Saving the account again with the same names records nothing.
      const before = await types(`applicant-${applicant.applicantId}`);
      const emailOnly = await t
        .http()
        .put('/api/users/me')
        .set(bearer(applicant.token))
        .send({ first_name: 'Samantha', last_name: 'Rivera', email: applicant.email });
      expect(emailOnly.status).toBe(200);
      expect(await types(`applicant-${applicant.applicantId}`)).toEqual(before);
    });

    it('who is pending or rejected stays so, with no second review notice', async () => {
      const pending = await signedUp(t, 'applicant');
      const pendingSaved = await saveProfile(pending.token, { license_number: 'RN-PENDING-2' });
      expect(pendingSaved.body.verification_status).toBe('pending');
      expect(await types(`applicant-${pending.me.applicant.id}`)).not.toContain('ApplicantVerificationReset');

      const rejected = await signedUp(t, 'applicant');
      const id = rejected.me.applicant.id;
      await t.http().put(`/api/admin/applicants/${id}/verify?verification_status=rejected&notes=Blurry%20license`).set(admin);
      const rejectedSaved = await saveProfile(rejected.token, { license_number: 'RN-REJECTED-3' });
      expect(rejectedSaved.body.verification_status).toBe('rejected');
      expect(await types(`applicant-${id}`)).not.toContain('ApplicantVerificationReset');
    });

    it('edited by a platform admin keeps verification: the admin is the verifier', async () => {
      const applicant = await verifiedApplicant(t);
      const current = (await t.http().get(`/api/admin/applicants/${applicant.applicantId}`).set(admin)).body;
      const edited = await t
        .http()
        .put(`/api/admin/applicants/${applicant.applicantId}`)
        .set(admin)
        .send({ ...current, license_number: 'RN-ADMIN-4', first_name: 'Samuel' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ license_number: 'RN-ADMIN-4', verification_status: 'verified' });
      expect(await types(`applicant-${applicant.applicantId}`)).not.toContain('ApplicantVerificationReset');
    });
  });

  describe('a facility', () => {
    const ownProfile = async (token: string) => (await t.http().get('/api/facilities/profile').set(bearer(token))).body;
    const saveProfile = async (token: string, change: Record<string, unknown>) =>
      t
        .http()
        .put('/api/facilities/profile')
        .set(bearer(token))
        .send({ ...(await ownProfile(token)), ...change });

    it("that changes its name is pending again, in its history and the admins' mailbox", async () => {
      const facility = await verifiedFacility(t);
      const seen = mailMark(t);
      const saved = await saveProfile(facility.token, { name: 'Bayview Health' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ name: 'Bayview Health', verification_status: 'pending' });
      const detail = await t.http().get(`/api/admin/facilities/${facility.facilityId}`).set(admin);
      expect(detail.body.verification_status).toBe('pending');
      expect(detail.body.verification_notes.split('\n').at(-1)).toMatch(noteLine('Changed facility name; back in review'));
      const history = await t.http().get(`/api/admin/facilities/${facility.facilityId}/history`).set(admin);
      expect(history.body.at(-1)).toMatchObject({
        type: 'FacilityVerificationReset',
        actor: { side: 'facility', user_id: facility.userId },
        data: { fields: ['name'], notes: 'Changed facility name; back in review' },
      });
      const email = await nextEmail(t, seen, ADMIN_EMAIL, /^Bayview Health changed facility name; the record is back in review$/);
      expect(email.text).toContain(`${t.config.APP_URL}/admin/facilities/${facility.facilityId}`);
    });

    it('that changes its NPI is pending again', async () => {
      const facility = await verifiedFacility(t);
      const saved = await saveProfile(facility.token, { npi: validNpi() });
      expect(saved.status).toBe(200);
      expect(saved.body.verification_status).toBe('pending');
      expect(await types(`facility-${facility.facilityId}`)).toContain('FacilityVerificationReset');
    });

    it('that changes its phone, address or description stays verified', async () => {
      const facility = await verifiedFacility(t);
      const saved = await saveProfile(facility.token, { phone: '6195550199', address_line1: '2 Harbor Dr', description: 'Day surgery.' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ phone: '6195550199', verification_status: 'verified' });
      expect(await types(`facility-${facility.facilityId}`)).not.toContain('FacilityVerificationReset');
    });

    it('edited by a platform admin keeps verification', async () => {
      const facility = await verifiedFacility(t);
      const current = (await t.http().get(`/api/admin/facilities/${facility.facilityId}`).set(admin)).body;
      const edited = await t
        .http()
        .put(`/api/admin/facilities/${facility.facilityId}`)
        .set(admin)
        .send({ ...current, name: 'Bayview Renamed By Admin' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'Bayview Renamed By Admin', verification_status: 'verified' });
    });
  });
});
