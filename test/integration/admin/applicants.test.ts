import { CommandBus } from '../../../server/src/platform/command-bus';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken, login, signedUp, validNpi } from '../../support/accounts';
import { bearer, expectNotes, ISO } from './helpers';

/**
 * The admin console's applicant endpoints (spec part 2 §2, §4, §5, §7): list, detail, edits,
 * verification, (de)activation with a required reason, password reset and the audit history.
 */
describe('admin: applicants', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let adminUserId: string;

  beforeAll(async () => {
    t = await startTestApp();
    auth = bearer(await adminToken(t));
    [{ id: adminUserId }] = await t.db.query(`SELECT id FROM users WHERE email = 'admin@tenens.test'`);
  });
  afterAll(() => t.close());

  const applicantIn = async (profile: Record<string, unknown> = {}) => {
    const account = await signedUp(t, 'applicant', profile);
    return { ...account, id: account.me.applicant.id as string, profile: account.payload.profile_data as Record<string, any> };
  };
  const detail = (id: string) => t.http().get(`/api/admin/applicants/${id}`).set(auth);
  const review = (id: string, query: string) => t.http().put(`/api/admin/applicants/${id}/verify${query}`).set(auth);
  const setStatus = (id: string, body: unknown) =>
    t
      .http()
      .put(`/api/admin/applicants/${id}/status`)
      .set(auth)
      .send(body as object);

  describe('GET /admin/applicants', () => {
    let ids: string[];
    beforeAll(async () => {
      ids = [];
      for (const first_name of ['Ada', 'Ben', 'Cleo']) ids.push((await applicantIn({ first_name })).id);
    });

    it('lists every applicant newest first, each exactly as its detail answers, with X-Total-Count', async () => {
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM applicants');
      const response = await t.http().get('/api/admin/applicants').set(auth);
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(count));
      expect(response.body).toHaveLength(count);
      expect(response.body.slice(0, 3).map((a: { first_name: string }) => a.first_name)).toEqual(['Cleo', 'Ben', 'Ada']);
      // Calendar dates travel as YYYY-MM-DD in the list too, never as a time stamp.
      for (const id of ids) {
        expect(response.body.find((a: { id: string }) => a.id === id)).toEqual((await detail(id)).body);
      }
      expect(response.body[0]).toMatchObject({ license_expires_at: '2028-06-30', experience_started_at: '2015-09-01' });
    });

    it('pages with limit and offset; the total stays the whole count', async () => {
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM applicants');
      const page = await t.http().get('/api/admin/applicants?limit=1&offset=1').set(auth);
      expect(page.status).toBe(200);
      expect(page.headers['x-total-count']).toBe(String(count));
      expect(page.body.map((a: { id: string }) => a.id)).toEqual([ids[1]]);
      const past = await t
        .http()
        .get(`/api/admin/applicants?offset=${count + 5}`)
        .set(auth);
      expect(past.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.headers['x-total-count']).toBe(String(count));
    });

    it.each([
      ['limit=0', [['limit', 'Too small: expected number to be >=1', 'too_small']]],
      ['limit=501', [['limit', 'Too big: expected number to be <=500', 'too_big']]],
      [
        'limit=abc&offset=-1',
        [
          ['limit', 'Invalid input: expected number, received NaN', 'invalid_type'],
          ['offset', 'Too small: expected number to be >=0', 'too_small'],
        ],
      ],
    ])('422 on %s', async (query, issues) => {
      const response = await t.http().get(`/api/admin/applicants?${query}`).set(auth);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: issues.map(([field, msg, type]) => ({ loc: ['query', field], msg, type })) });
    });
  });

  describe('GET /admin/applicants/{id}', () => {
    it('answers the applicant with its user; dates as YYYY-MM-DD', async () => {
      const applicant = await applicantIn();
      const p = applicant.profile;
      const response = await detail(applicant.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: applicant.id,
        user_id: applicant.userId,
        first_name: 'Sam',
        last_name: 'Rivera',
        role_type: 'CRNA',
        license_number: p.license_number,
        license_state: 'CA',
        license_expires_at: '2028-06-30',
        npi: p.npi,
        linkedin_profile: 'https://www.linkedin.com/in/samrivera',
        experience_started_at: '2015-09-01',
        bio: null,
        hourly_rate_min: null,
        hourly_rate_max: null,
        preferred_radius_miles: 50,
        address_line1: null,
        address_line2: null,
        city: null,
        state: null,
        zip_code: null,
        certifications: [],
        malpractice_provided: true,
        job_search_frequency_days: 7,
        verification_status: 'pending',
        is_active: true,
        verification_notes: '',
        created_at: expect.stringMatching(ISO),
        updated_at: response.body.created_at,
        user: { email: applicant.email, email_verified: true, first_name: 'Sam', last_name: 'Rivera' },
      });
    });
  });

  describe('PUT /admin/applicants/{id}', () => {
    const edited = (overrides: Record<string, unknown> = {}) => ({
      first_name: ' Samantha ',
      last_name: 'Rivera-Lopez',
      role_type: 'Anesthesiologist',
      license_number: 'MD778899',
      license_state: 'or',
      license_expires_at: '2029-01-31',
      npi: validNpi(),
      linkedin_profile: 'linkedin.com/in/samantha-rl',
      experience_started_at: '2012-03-15',
      bio: 'Pediatric and cardiac cases.',
      hourly_rate_min: 180,
      hourly_rate_max: 260,
      preferred_radius_miles: 120,
      address_line1: '12 Pine St',
      address_line2: '',
      city: 'Portland',
      state: 'OR',
      zip_code: '97201',
      certifications: ['BLS', 'ACLS', 'PALS'],
      malpractice_provided: false,
      job_search_frequency_days: 1,
      ...overrides,
    });

    it('saves the edited fields as the shared schema normalises them, with the admin as the actor', async () => {
      const applicant = await applicantIn();
      const body = edited();
      const response = await t.http().put(`/api/admin/applicants/${applicant.id}`).set(auth).send(body);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: applicant.id,
        first_name: 'Samantha',
        last_name: 'Rivera-Lopez',
        role_type: 'Anesthesiologist',
        license_number: 'MD778899',
        license_state: 'OR',
        license_expires_at: '2029-01-31',
        npi: body.npi,
        linkedin_profile: 'https://www.linkedin.com/in/samantha-rl',
        experience_started_at: '2012-03-15',
        bio: 'Pediatric and cardiac cases.',
        hourly_rate_min: 180,
        hourly_rate_max: 260,
        preferred_radius_miles: 120,
        address_line1: '12 Pine St',
        address_line2: null,
        city: 'Portland',
        state: 'OR',
        zip_code: '97201',
        certifications: ['BLS', 'ACLS', 'PALS'],
        malpractice_provided: false,
        job_search_frequency_days: 1,
        verification_status: 'pending',
        // The account's own name is not the applicant record's.
        user: { email: applicant.email, email_verified: true, first_name: 'Sam', last_name: 'Rivera' },
      });
      expect((await detail(applicant.id)).body).toEqual(response.body);
      const history = await t.http().get(`/api/admin/applicants/${applicant.id}/history`).set(auth);
      expect(history.body.map((e: { type: string }) => e.type)).toEqual(['ApplicantRegistered', 'ApplicantProfileUpdated']);
      expect(history.body[1].actor).toEqual({ user_id: adminUserId, side: 'admin', name: 'Platform Admin' });
    });

    it('refuses invalid fields with the shared messages (422) and changes nothing', async () => {
      const applicant = await applicantIn();
      const before = (await detail(applicant.id)).body;
      const empty = await t.http().put(`/api/admin/applicants/${applicant.id}`).set(auth).send({});
      expect(empty.status).toBe(422);
      expect(empty.body).toEqual({
        detail: [
          ['first_name', 'First name is required'],
          ['last_name', 'Last name is required'],
          ['license_number', 'Please enter your license number'],
          ['license_state', 'Please select the state that issued your license'],
          ['license_expires_at', 'License expiration date is required'],
          ['npi', 'Please enter your NPI number'],
          ['experience_started_at', 'Experience start date is required'],
        ].map(([field, msg]) => ({ loc: ['body', field], msg, type: 'invalid_type' })),
      });
      const wrong = await t
        .http()
        .put(`/api/admin/applicants/${applicant.id}`)
        .set(auth)
        .send(
          edited({
            first_name: 'S',
            role_type: 'Surgeon',
            license_state: 'XX',
            license_expires_at: '31/01/2029',
            npi: '12345',
            linkedin_profile: 'https://example.com/me',
            experience_started_at: '2999-01-01',
            hourly_rate_min: -5,
            preferred_radius_miles: 0,
            zip_code: 'abcde',
            certifications: [' '],
            job_search_frequency_days: 3,
          }),
        );
      expect(wrong.status).toBe(422);
      expect(wrong.body.detail.map((issue: { loc: string[]; msg: string }) => [issue.loc.join('.'), issue.msg])).toEqual([
        ['body.first_name', 'First name must be at least 2 characters'],
        ['body.role_type', 'Please select a role type (CRNA or Anesthesiologist)'],
        ['body.license_state', 'Please enter a valid US state abbreviation (e.g., CA, NY, TX)'],
        ['body.license_expires_at', 'Please enter a valid date (YYYY-MM-DD)'],
        ['body.npi', 'NPI must be exactly 10 digits'],
        ['body.linkedin_profile', 'Please enter a LinkedIn username or a profile link like linkedin.com/in/username'],
        ['body.experience_started_at', 'Experience start date cannot be in the future'],
        ['body.job_search_frequency_days', 'Please choose daily or weekly job alerts'],
        ['body.hourly_rate_min', 'Minimum hourly rate must be a whole number of dollars, 0 or more'],
        ['body.preferred_radius_miles', 'Preferred travel radius must be a whole number of miles, at least 1'],
        ['body.zip_code', 'Please enter a valid ZIP code (12345 or 12345-6789)'],
        ['body.certifications.0', 'Certifications cannot be blank'],
      ]);
      const inverted = await t
        .http()
        .put(`/api/admin/applicants/${applicant.id}`)
        .set(auth)
        .send(edited({ hourly_rate_min: 300, hourly_rate_max: 200 }));
      expect(inverted.status).toBe(422);
      expect(inverted.body).toEqual({
        detail: [
          { loc: ['body', 'hourly_rate_max'], msg: 'Maximum hourly rate cannot be less than the minimum hourly rate', type: 'custom' },
        ],
      });
      expect((await detail(applicant.id)).body).toEqual(before);
    });

    it("refuses another account's NPI or state license (409) and changes nothing", async () => {
      const applicant = await applicantIn();
      const other = await applicantIn();
      const before = (await detail(applicant.id)).body;
      const npi = other.profile.npi as string;
      const npiTaken = await t.http().put(`/api/admin/applicants/${applicant.id}`).set(auth).send(edited({ npi }));
      expect(npiTaken.status).toBe(409);
      expect(npiTaken.body).toEqual({ detail: `NPI ${npi} is already registered.` });
      const license = other.profile.license_number as string;
      const licenseTaken = await t
        .http()
        .put(`/api/admin/applicants/${applicant.id}`)
        .set(auth)
        .send(edited({ license_state: 'ca', license_number: license.toLowerCase() }));
      expect(licenseTaken.status).toBe(409);
      expect(licenseTaken.body).toEqual({ detail: `CA license #${license.toLowerCase()} is already registered.` });
      expect((await detail(applicant.id)).body).toEqual(before);
      // Its own NPI and license are not "taken" by itself.
      const same = await t
        .http()
        .put(`/api/admin/applicants/${applicant.id}`)
        .set(auth)
        .send(edited({ npi: before.npi, license_state: 'CA', license_number: before.license_number }));
      expect(same.status).toBe(200);
    });
  });

  describe('PUT /admin/applicants/{id}/verify', () => {
    it('rejects with a required reason, rejects again, verifies; a verified applicant cannot be reviewed (409)', async () => {
      const applicant = await applicantIn();
      for (const query of ['?verification_status=rejected', '?verification_status=rejected&notes=%20']) {
        const response = await review(applicant.id, query);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: [{ loc: ['query', 'notes'], msg: 'Please give a reason.', type: 'value_error' }] });
      }
      const rejected = await review(applicant.id, '?verification_status=rejected&notes=License%20expired');
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ id: applicant.id, verification_status: 'rejected', is_active: true });
      expectNotes(rejected.body.verification_notes, ['Rejected by Platform Admin (License expired)']);

      // Unlike a facility, a rejected applicant can be rejected again.
      const again = await review(applicant.id, '?verification_status=rejected&notes=Still%20expired');
      expect(again.status).toBe(200);
      expectNotes(again.body.verification_notes, [
        'Rejected by Platform Admin (License expired)',
        'Rejected by Platform Admin (Still expired)',
      ]);

      const verified = await review(applicant.id, '?verification_status=verified');
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ verification_status: 'verified', is_active: true });
      expectNotes(verified.body.verification_notes, [
        'Rejected by Platform Admin (License expired)',
        'Rejected by Platform Admin (Still expired)',
        'Verified by Platform Admin',
      ]);
      expect((await detail(applicant.id)).body).toEqual(verified.body);

      const refusal = { detail: 'This applicant is already verified; only pending or rejected applicants can be reviewed.' };
      const twice = await review(applicant.id, '?verification_status=verified&notes=again');
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual(refusal);
      const late = await review(applicant.id, '?verification_status=rejected&notes=too%20late');
      expect(late.status).toBe(409);
      expect(late.body).toEqual(refusal);
    });

    it('verifies a pending applicant with the admin’s text in brackets', async () => {
      const applicant = await applicantIn();
      const response = await review(applicant.id, '?verification_status=verified&notes=NPI%20checked');
      expect(response.status).toBe(200);
      expectNotes(response.body.verification_notes, ['Verified by Platform Admin (NPI checked)']);
      const bad = await review(applicant.id, '?verification_status=approved');
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual({
        detail: [
          { loc: ['query', 'verification_status'], msg: 'verification_status must be "verified" or "rejected"', type: 'invalid_value' },
        ],
      });
    });
  });

  describe('PUT /admin/applicants/{id}/status', () => {
    it('needs a reason both ways; deactivates only a verified active applicant, activates only an inactive one', async () => {
      const applicant = await applicantIn();
      for (const body of [{ is_active: false }, { is_active: true }, { is_active: false, notes: '  ' }]) {
        const response = await setStatus(applicant.id, body);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: [{ loc: ['body', 'notes'], msg: 'Please give a reason.', type: 'value_error' }] });
      }
      const missing = await setStatus(applicant.id, { notes: 'x' });
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual({
        detail: [{ loc: ['body', 'is_active'], msg: 'is_active must be true or false', type: 'invalid_type' }],
      });

      // Pending: neither.
      let response = await setStatus(applicant.id, { is_active: false, notes: 'x' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'Only a verified, active applicant can be deactivated.' });
      response = await setStatus(applicant.id, { is_active: true, notes: 'x' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'This applicant is already active.' });

      // Rejected (still active): neither.
      await review(applicant.id, '?verification_status=rejected&notes=no');
      response = await setStatus(applicant.id, { is_active: false, notes: 'x' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'Only a verified, active applicant can be deactivated.' });

      await review(applicant.id, '?verification_status=verified');
      response = await setStatus(applicant.id, { is_active: false, notes: 'License lapsed' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ verification_status: 'verified', is_active: false });
      expect(response.body.verification_notes.split('\n').pop()).toMatch(/^\[[^\]]+\] Deactivated by Platform Admin \(License lapsed\)$/);

      response = await setStatus(applicant.id, { is_active: false, notes: 'again' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'Only a verified, active applicant can be deactivated.' });

      response = await setStatus(applicant.id, { is_active: true, notes: 'License renewed' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ verification_status: 'verified', is_active: true });
      expectNotes(response.body.verification_notes, [
        'Rejected by Platform Admin (no)',
        'Verified by Platform Admin',
        'Deactivated by Platform Admin (License lapsed)',
        'Activated by Platform Admin (License renewed)',
      ]);
      response = await setStatus(applicant.id, { is_active: true, notes: 'again' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'This applicant is already active.' });
    });

    it('an inactive applicant still pending (a state only an older log can hold) cannot be activated', async () => {
      const record = await applicantIn();
      // No command leads there today; the event is appended as a migrated log would hold it.
      await t.app
        .get(CommandBus)
        .append(
          `applicant-${record.id}`,
          [{ type: 'ApplicantDeactivated', data: { notes: 'Imported', at: new Date().toISOString() } }],
          'any',
          {
            actor: { user_id: null, side: 'system', name: null },
          },
        );
      expect((await detail(record.id)).body).toMatchObject({ verification_status: 'pending', is_active: false });
      const response = await setStatus(record.id, { is_active: true, notes: 'x' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'A pending applicant must be verified, not activated.' });
    });
  });

  describe('POST /admin/applicants/{id}/send-password-reset', () => {
    it('emails a working reset link to the applicant', async () => {
      const applicant = await applicantIn();
      const response = await t.http().post(`/api/admin/applicants/${applicant.id}/send-password-reset`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Password reset email sent successfully' });
      const link = await t.mail.linkFrom(applicant.email, /reset your tenens password/i);
      const token = new URL(link).searchParams.get('token')!;
      const reset = await t.http().post(`/api/auth/reset-password?token=${encodeURIComponent(token)}&new_password=Changed456`);
      expect(reset.status).toBe(200);
      expect(await login(t, applicant.email, 'Changed456')).toEqual(expect.any(String));
    });
  });

  describe('GET /admin/applicants/{id}/history', () => {
    it('answers every event in order with its actor (side and name), time and data', async () => {
      const applicant = await applicantIn();
      await review(applicant.id, '?verification_status=rejected&notes=Blurry%20license');
      await review(applicant.id, '?verification_status=verified&notes=New%20scan');
      await setStatus(applicant.id, { is_active: false, notes: 'License lapsed' });
      await setStatus(applicant.id, { is_active: true, notes: 'Renewed' });
      const response = await t.http().get(`/api/admin/applicants/${applicant.id}/history`).set(auth);
      expect(response.status).toBe(200);
      const admin = { user_id: adminUserId, side: 'admin', name: 'Platform Admin' };
      const entry = (version: number, type: string, actor: object, data: object) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        version,
        type,
        at: expect.stringMatching(ISO),
        actor,
        data: { ...data, at: response.body[version].at },
      });
      const p = applicant.profile;
      expect(response.body).toEqual([
        entry(
          0,
          'ApplicantRegistered',
          { user_id: applicant.userId, side: 'applicant', name: 'Sam Rivera' },
          {
            applicant_id: applicant.id,
            user_id: applicant.userId,
            first_name: 'Sam',
            last_name: 'Rivera',
            role_type: 'CRNA',
            license_number: p.license_number,
            license_state: 'CA',
            license_expires_at: '2028-06-30',
            npi: p.npi,
            linkedin_profile: 'https://www.linkedin.com/in/samrivera',
            experience_started_at: '2015-09-01',
            bio: null,
            hourly_rate_min: null,
            hourly_rate_max: null,
            preferred_radius_miles: 50,
            address_line1: null,
            address_line2: null,
            city: null,
            state: null,
            zip_code: null,
            certifications: [],
            malpractice_provided: true,
            job_search_frequency_days: 7,
          },
        ),
        entry(1, 'ApplicantRejected', admin, { notes: 'Rejected by Platform Admin (Blurry license)' }),
        entry(2, 'ApplicantVerified', admin, { notes: 'Verified by Platform Admin (New scan)' }),
        entry(3, 'ApplicantDeactivated', admin, { notes: 'Deactivated by Platform Admin (License lapsed)' }),
        entry(4, 'ApplicantActivated', admin, { notes: 'Activated by Platform Admin (Renewed)' }),
      ]);
      const times = response.body.map((e: { at: string }) => e.at);
      expect([...times].sort()).toEqual(times);
      const notes = (await detail(applicant.id)).body.verification_notes.split('\n');
      expect(notes.map((line: string) => line.slice(1, line.indexOf(']')))).toEqual(times.slice(1));
    });
  });
});
