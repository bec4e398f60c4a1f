import { accountMessages } from '../../../server/src/domain/accounts/messages';
import { AccessTokens } from '../../../server/src/auth/tokens';
import { PASSWORD, signedUp, uniqueEmail, validNpi } from '../../support/accounts';
import { startTestApp, TestApp } from '../../support/app';
import {
  addFacilityMember,
  api,
  expectValidation,
  linkIn,
  loginRequest,
  mailMark,
  nextEmail,
  rememberSecret,
  SLOW,
  streamTypes,
  tokenOf,
} from './helpers';

jest.setTimeout(SLOW);

const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
/** The registration profile_data a signed-up fixture used. */
const profileData = (user: { payload: { profile_data: object } }) => user.payload.profile_data as Record<string, string>;

const NOT_AUTHENTICATED = { detail: 'Not authenticated. Please sign in.' };

describe('own account: /api/users/me', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof signedUp>>;
  let applicant: Awaited<ReturnType<typeof signedUp>>;

  beforeAll(async () => {
    t = await startTestApp();
    facility = await signedUp(t, 'facility');
    applicant = await signedUp(t, 'applicant');
  });
  afterAll(() => t.close());

  describe('GET', () => {
    it('is 401 {"detail"} without a token', async () => {
      const response = await api(t).get('/api/users/me');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_AUTHENTICATED);
    });

    it('shows a facility user with the facility sub-record', async () => {
      const response = await api(t, facility.token).get('/api/users/me');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: facility.userId,
        email: facility.email,
        pending_email: null,
        role: 'facility_admin',
        is_admin: false,
        email_verified: true,
        first_name: 'Dana',
        last_name: "O'Neil",
        display_name: "Dana O'Neil",
        created_at: TIMESTAMP,
        updated_at: TIMESTAMP,
        last_login: TIMESTAMP,
        first_sign_in: expect.any(Boolean),
        facility: {
          id: UUID,
          name: 'Bayview Surgery Center',
          verification_status: 'pending',
          is_active: true,
          posting_credits: 0,
          admin: { first_name: 'Dana', last_name: "O'Neil", email: facility.email },
        },
        applicant: null,
      });
    });

    it('shows an applicant with the applicant sub-record', async () => {
      const response = await api(t, applicant.token).get('/api/users/me');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: applicant.userId,
        email: applicant.email,
        role: 'applicant',
        is_admin: false,
        first_name: 'Sam',
        last_name: 'Rivera',
        facility: null,
        applicant: { id: UUID, verification_status: 'pending', is_active: true },
      });
    });
  });

  describe('GET /facility-permissions', () => {
    it('gives the registering user every flag as legacy admin', async () => {
      const response = await api(t, facility.token).get('/api/users/me/facility-permissions');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        facility_id: facility.me.facility.id,
        role: 'admin',
        is_legacy_admin: true,
        can_create_jobs: true,
        can_edit_jobs: true,
        can_publish_jobs: true,
        can_manage_bids: true,
        can_manage_users: true,
        can_manage_billing: true,
      });
    });

    it('is 404 for an applicant and 401 without a token', async () => {
      const response = await api(t, applicant.token).get('/api/users/me/facility-permissions');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: expect.any(String) });
      expect((await api(t).get('/api/users/me/facility-permissions')).status).toBe(401);
    });
  });

  describe('PUT (names and email)', () => {
    it('trims names, and an empty name becomes null', async () => {
      const response = await api(t, applicant.token)
        .put('/api/users/me')
        .send({ first_name: '  Samantha  ', last_name: '   ', email: applicant.email });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        first_name: 'Samantha',
        last_name: null,
        email: applicant.email,
        pending_email: null,
        message: 'Profile updated successfully',
      });
      const me = await api(t, applicant.token).get('/api/users/me');
      expect(me.body).toMatchObject({ first_name: 'Samantha', last_name: null, display_name: 'Samantha' });
      await api(t, applicant.token)
        .put('/api/users/me')
        .send({ first_name: 'Sam', last_name: 'Rivera', email: applicant.email })
        .expect(200);
    });

    it('ignores fields a user may not set on themselves', async () => {
      const response = await api(t, applicant.token).put('/api/users/me').send({
        first_name: 'Sam',
        last_name: 'Rivera',
        email: applicant.email,
        role: 'system_admin',
        is_admin: true,
        email_verified: false,
        token_version: 9,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ role: 'applicant', is_admin: false, email_verified: true });
      expect((await api(t, applicant.token).get('/api/users/me')).status).toBe(200);
    });

    it('validates names and email', async () => {
      expectValidation(
        await api(t, applicant.token).put('/api/users/me').send({ first_name: 'S', last_name: 'R2', email: 'bad' }),
        [['body', 'first_name'], 'First name must be at least 2 characters'],
        [['body', 'last_name'], 'Last name may contain only letters, spaces, hyphens and apostrophes'],
        [['body', 'email'], 'Please enter a valid email address'],
      );
      expectValidation(await api(t, applicant.token).put('/api/users/me').send({ first_name: 'Sam' }), [
        ['body', 'email'],
        'Email is required',
      ]);
    });

    it("refuses another account's email, in any case, with 409", async () => {
      const response = await api(t, applicant.token)
        .put('/api/users/me')
        .send({ first_name: 'Sam', last_name: 'Rivera', email: facility.email.toUpperCase() });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: accountMessages.emailTaken });
      expect((await api(t, applicant.token).get('/api/users/me')).body).toMatchObject({ email: applicant.email, pending_email: null });
    });

    it('keeps the old sign-in email until the link mailed to the new address is followed', async () => {
      const user = await signedUp(t, 'applicant');
      const newEmail = uniqueEmail('moved');
      const seen = mailMark(t);
      const response = await api(t, user.token).put('/api/users/me').send({ first_name: 'Sam', last_name: 'Rivera', email: newEmail });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: user.email, pending_email: newEmail });
      expect(response.body.message).toContain(newEmail);

      // Until confirmed, the old address still signs in and the new one does not.
      expect((await loginRequest(t, user.email, PASSWORD)).status).toBe(200);
      expect((await loginRequest(t, newEmail, PASSWORD)).status).toBe(401);
      // The pending address is reserved.
      expect((await api(t).get('/api/auth/check-email').query({ email: newEmail })).body).toEqual({ available: false });

      const message = await nextEmail(t, seen, newEmail, /confirm your new email/i);
      const link = linkIn(message);
      expect(link.startsWith(`${t.config.APP_URL}/verify-email?token=`)).toBe(true);
      expect(t.mail.messages.filter((m) => !seen.has(m) && m.to === user.email)).toEqual([]);

      const confirmed = await api(t)
        .post('/api/auth/verify-email')
        .query({ token: tokenOf(link) });
      expect(confirmed.status).toBe(200);
      expect((await loginRequest(t, newEmail, PASSWORD)).status).toBe(200);
      expect((await loginRequest(t, user.email, PASSWORD)).status).toBe(401);
      const me = await api(t, user.token).get('/api/users/me');
      expect(me.body).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
      expect((await api(t).get('/api/auth/check-email').query({ email: user.email })).body).toEqual({ available: true });

      // The link works once.
      expect(
        (
          await api(t)
            .post('/api/auth/verify-email')
            .query({ token: tokenOf(link) })
        ).status,
      ).toBe(400);
    });

    it('a confirmation link for an email change that was since withdrawn changes nothing and says so', async () => {
      const user = await signedUp(t, 'facility');
      const abandoned = uniqueEmail('abandoned');
      const seen = mailMark(t);
      await api(t, user.token).put('/api/users/me').send({ first_name: 'Dana', last_name: 'Lee', email: abandoned }).expect(200);
      const link = linkIn(await nextEmail(t, seen, abandoned, /confirm your new email/i));
      // Saving the profile again with the current email withdraws the pending change.
      const withdrawn = await api(t, user.token).put('/api/users/me').send({ first_name: 'Dana', last_name: 'Lee', email: user.email });
      expect(withdrawn.body).toMatchObject({ email: user.email, pending_email: null });

      const late = await api(t)
        .post('/api/auth/verify-email')
        .query({ token: tokenOf(link) });
      expect(late.status).toBe(400);
      expect(late.body.detail).toContain('Invalid or expired');
      expect((await api(t, user.token).get('/api/users/me')).body.email).toBe(user.email);
      expect((await loginRequest(t, abandoned, PASSWORD)).status).toBe(401);
    });

    it('an unconfirmed email change reserves the address only as long as its link lives', async () => {
      const user = await signedUp(t, 'facility');
      const wanted = uniqueEmail('wanted');
      const seen = mailMark(t);
      await api(t, user.token).put('/api/users/me').send({ first_name: 'Dana', last_name: 'Lee', email: wanted }).expect(200);
      const link = linkIn(await nextEmail(t, seen, wanted, /confirm your new email/i));
      expect((await api(t).get('/api/auth/check-email').query({ email: wanted })).body).toEqual({ available: false });

      // Two days later the link has expired, unused: the address is anyone's again.
      await t.db.query(`UPDATE users SET pending_email_expires_at = now() - interval '1 minute' WHERE id = $1;`, [user.userId]);
      await t.db.query(`UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND purpose = 'change_email'`, [
        user.userId,
      ]);
      expect((await api(t).get('/api/auth/check-email').query({ email: wanted })).body).toEqual({ available: true });
      const other = await signedUp(t, 'applicant');
      const taken = await api(t, other.token).put('/api/users/me').send({ first_name: 'Sam', last_name: 'Rivera', email: wanted });
      expect(taken.status).toBe(200);
      expect(taken.body).toMatchObject({ pending_email: wanted });

      // The old link no longer changes anything.
      const late = await api(t)
        .post('/api/auth/verify-email')
        .query({ token: tokenOf(link) });
      expect(late.status).toBe(400);
      expect((await api(t, user.token).get('/api/users/me')).body.email).toBe(user.email);
    });

    it('is 401 without a token', async () => {
      expect((await api(t).put('/api/users/me').send({ email: 'x@example.test' })).status).toBe(401);
    });
  });

  describe('PUT /password', () => {
    it('refuses a wrong current password with 400', async () => {
      const response = await api(t, facility.token)
        .put('/api/users/me/password')
        .send({ current_password: 'Not-It-123', new_password: 'Fresh-Pass-42' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Current password is incorrect' });
      expect((await loginRequest(t, facility.email, PASSWORD)).status).toBe(200);
    });

    it('refuses a weak or missing new password with 422', async () => {
      expectValidation(
        await api(t, facility.token)
          .put('/api/users/me/password')
          .send({ current_password: PASSWORD, new_password: rememberSecret('nonumbers') }),
        [['body', 'new_password'], 'Password must contain at least one number'],
      );
      expectValidation(
        await api(t, facility.token).put('/api/users/me/password').send({ current_password: PASSWORD, new_password: 'ab1' }),
        [['body', 'new_password'], 'Password must be at least 8 characters long'],
      );
      expectValidation(await api(t, facility.token).put('/api/users/me/password').send({ new_password: 'Fresh-Pass-42' }), [
        ['body', 'current_password'],
        'Current password is required',
      ]);
    });

    it('a password of the wrong JSON type is a 422, not a 500', async () => {
      const response = await api(t, facility.token).put('/api/users/me/password').send({ current_password: null, new_password: null });
      expect(response.status).toBe(422);
    });

    it('changes the password, answers a new token, ends the old one and mails a notice', async () => {
      const user = await signedUp(t, 'applicant');
      const newPassword = rememberSecret('Fresh-Pass-42');
      const seen = mailMark(t);
      const response = await api(t, user.token)
        .put('/api/users/me/password')
        .send({ current_password: PASSWORD, new_password: newPassword });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: expect.any(String), access_token: expect.any(String), token_type: 'bearer' });

      const old = await api(t, user.token).get('/api/users/me');
      expect(old.status).toBe(401);
      expect(old.body).toEqual(NOT_AUTHENTICATED);
      expect((await api(t, response.body.access_token).get('/api/users/me')).status).toBe(200);
      expect((await loginRequest(t, user.email, PASSWORD)).status).toBe(401);
      expect((await loginRequest(t, user.email, newPassword)).status).toBe(200);
      await nextEmail(t, seen, user.email, /password was changed/i);
    });
  });
});

describe('GET/PUT /api/facilities/profile', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof signedUp>>;
  let applicant: Awaited<ReturnType<typeof signedUp>>;
  let facilityId: string;

  const profile = (overrides: Record<string, unknown> = {}) => ({
    name: 'Bayview Surgery Center East',
    facility_type: 'Hospital',
    address_line1: '200 Harbor Way',
    address_line2: 'Suite 4',
    city: 'La Jolla',
    state: 'ca',
    zip_code: '92037-1234',
    phone: '(858) 555-0199',
    website: 'bayview-east.example',
    npi: null,
    description: '  Outpatient anesthesia.  ',
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp();
    facility = await signedUp(t, 'facility');
    applicant = await signedUp(t, 'applicant');
    facilityId = facility.me.facility.id;
  });
  afterAll(() => t.close());

  it('is 401 without a token and 403 for an applicant', async () => {
    expect((await api(t).get('/api/facilities/profile')).status).toBe(401);
    for (const call of [
      api(t, applicant.token).get('/api/facilities/profile'),
      api(t, applicant.token).put('/api/facilities/profile').send(profile()),
    ]) {
      const response = await call;
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('GET returns the facility profile', async () => {
    const response = await api(t, facility.token).get('/api/facilities/profile');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: facilityId,
      name: 'Bayview Surgery Center',
      facility_type: 'Ambulatory Surgery Center',
      npi: facility.payload.profile_data.npi,
      phone: '6195550100',
      website: 'https://bayview.example',
      address_line1: '100 Harbor Way',
      city: 'San Diego',
      state: 'CA',
      zip_code: '92101',
      verification_status: 'pending',
      is_active: true,
      posting_credits: 0,
      can_edit: true,
      admin: { first_name: 'Dana', last_name: "O'Neil", email: facility.email, email_verified: true },
    });
  });

  it('PUT normalises and saves the profile, visible at once and recorded as FacilityProfileUpdated', async () => {
    const response = await api(t, facility.token).put('/api/facilities/profile').send(profile());
    expect(response.status).toBe(200);
    const expected = {
      id: facilityId,
      name: 'Bayview Surgery Center East',
      facility_type: 'Hospital',
      address_line1: '200 Harbor Way',
      address_line2: 'Suite 4',
      city: 'La Jolla',
      state: 'CA',
      zip_code: '92037-1234',
      phone: '8585550199',
      website: 'https://bayview-east.example',
      npi: null,
      description: 'Outpatient anesthesia.',
      verification_status: 'pending',
    };
    expect(response.body).toMatchObject(expected);
    const read = await api(t, facility.token).get('/api/facilities/profile');
    expect(read.body).toMatchObject(expected);
    expect((await api(t, facility.token).get('/api/users/me')).body.facility.name).toBe('Bayview Surgery Center East');

    const events = await t.db.query(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_version`, [
      `facility-${facilityId}`,
    ]);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['FacilityRegistered', 'FacilityProfileUpdated']);
    expect(events[1].data).toMatchObject({
      name: 'Bayview Surgery Center East',
      phone: '8585550199',
      state: 'CA',
      website: 'https://bayview-east.example',
    });

    // Clearing the NPI released it: another facility may now use the old one.
    expect((await api(t).get('/api/auth/check-npi').query({ npi: facility.payload.profile_data.npi })).body).toEqual({ available: true });
  });

  it('ignores verification, activity and credits sent with the profile', async () => {
    const response = await api(t, facility.token)
      .put('/api/facilities/profile')
      .send(profile({ verification_status: 'verified', is_active: false, posting_credits: 99, admin_user_id: applicant.userId }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      verification_status: 'pending',
      is_active: true,
      posting_credits: 0,
      admin: { email: facility.email },
    });
  });

  it('refuses an NPI another account holds', async () => {
    const response = await api(t, facility.token)
      .put('/api/facilities/profile')
      .send(profile({ npi: applicant.payload.profile_data.npi }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: `NPI ${applicant.payload.profile_data.npi} is already registered.` });
  });

  it("answers 422 with the screen's messages", async () => {
    const put = (overrides: Record<string, unknown>) => api(t, facility.token).put('/api/facilities/profile').send(profile(overrides));
    expectValidation(
      await put({ name: '  ', city: '' }),
      [['body', 'name'], 'Please fill in all required fields'],
      [['body', 'city'], 'Please fill in all required fields'],
    );
    expectValidation(await put({ phone: undefined }), [['body', 'phone'], 'Please fill in all required fields']);
    expectValidation(await put({ phone: '0585550199' }), [
      ['body', 'phone'],
      "Please enter a valid 10-digit phone number that doesn't start with 0 or 1",
    ]);
    expectValidation(await put({ state: 'ZZ' }), [['body', 'state'], 'Please enter a valid US state abbreviation (e.g., CA, NY, TX)']);
    expectValidation(await put({ website: 'ftp://files.example' }), [
      ['body', 'website'],
      'Please enter a valid website URL starting with http:// or https://',
    ]);
    expectValidation(await put({ npi: '123' }), [['body', 'npi'], 'NPI must be exactly 10 digits']);
    expectValidation(await put({ zip_code: '1234' }), [['body', 'zip_code'], 'Please enter a valid ZIP code (12345 or 12345-6789)']);
    // Nothing was saved.
    expect((await api(t, facility.token).get('/api/facilities/profile')).body.name).toBe('Bayview Surgery Center East');
  });

  it('a member with role user and without can_manage_billing may read but not edit', async () => {
    const member = await addFacilityMember(t, facilityId, { can_create_jobs: true, can_manage_users: true });
    const read = await api(t, member.token).get('/api/facilities/profile');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: facilityId, can_edit: false });
    const permissions = await api(t, member.token).get('/api/users/me/facility-permissions');
    expect(permissions.body).toMatchObject({ role: 'user', is_legacy_admin: false, can_manage_billing: false, can_manage_users: true });

    const write = await api(t, member.token)
      .put('/api/facilities/profile')
      .send(profile({ name: 'Hijacked' }));
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ detail: "You don't have permission to edit the facility profile." });
    expect((await api(t, facility.token).get('/api/facilities/profile')).body.name).toBe('Bayview Surgery Center East');
  });

  it('a member with can_manage_billing may edit', async () => {
    const member = await addFacilityMember(t, facilityId, { can_manage_billing: true });
    const write = await api(t, member.token)
      .put('/api/facilities/profile')
      .send(profile({ name: 'Bayview Billing Edit' }));
    expect(write.status).toBe(200);
    expect(write.body).toMatchObject({ name: 'Bayview Billing Edit', can_edit: true });
    expect((await api(t, facility.token).get('/api/facilities/profile')).body.name).toBe('Bayview Billing Edit');
  });

  describe('a facility_admin account without a facility (404 on GET means "create one")', () => {
    const newFacility = () => profile({ name: 'Harbor Pain Clinic', facility_type: 'Pain Management Clinic', npi: validNpi() });

    async function loneFacilityAdmin() {
      const [user] = await t.db.query(
        `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
         VALUES ($1, 'not-a-hash', 'facility_admin', true, 'Lee', 'Lone') RETURNING id, token_version`,
        [uniqueEmail('lone')],
      );
      return { userId: user.id as string, token: t.app.get(AccessTokens).sign(user) };
    }

    it('GET is 404, and PUT creates the facility with the caller as its legacy admin', async () => {
      const lone = await loneFacilityAdmin();
      const missing = await api(t, lone.token).get('/api/facilities/profile');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: expect.any(String) });

      const created = await api(t, lone.token).put('/api/facilities/profile').send(newFacility());
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        id: UUID,
        name: 'Harbor Pain Clinic',
        verification_status: 'pending',
        can_edit: true,
        admin: { first_name: 'Lee', last_name: 'Lone' },
      });
      expect(await streamTypes(t, `facility-${created.body.id}`)).toEqual(['FacilityRegistered']);
      expect((await api(t, lone.token).get('/api/facilities/profile')).body).toMatchObject({
        id: created.body.id,
        name: 'Harbor Pain Clinic',
      });
      expect((await api(t, lone.token).get('/api/users/me/facility-permissions')).body).toMatchObject({
        facility_id: created.body.id,
        role: 'admin',
        is_legacy_admin: true,
      });
    });

    it('a member removed from a facility (inactive membership) can create a new one, not a 500', async () => {
      const removed = await addFacilityMember(t, facilityId, { can_create_jobs: true });
      await t.db.query('UPDATE facility_members SET is_active = false WHERE user_id = $1', [removed.userId]);
      expect((await api(t, removed.token).get('/api/facilities/profile')).status).toBe(404);
      const created = await api(t, removed.token).put('/api/facilities/profile').send(newFacility());
      expect(created.status).toBe(200);
      expect(created.body.id).not.toBe(facilityId);
      expect((await api(t, removed.token).get('/api/users/me/facility-permissions')).body).toMatchObject({
        facility_id: created.body.id,
        role: 'admin',
        is_legacy_admin: true,
      });
      // The old facility is untouched.
      const old = (await api(t, facility.token).get('/api/facilities/profile')).body;
      expect(old.id).toBe(facilityId);
      expect(old.name).not.toBe('Harbor Pain Clinic');
    });
  });
});

describe('GET/PUT /api/applicants/profile', () => {
  let t: TestApp;
  let applicant: Awaited<ReturnType<typeof signedUp>>;
  let rival: Awaited<ReturnType<typeof signedUp>>;
  let facility: Awaited<ReturnType<typeof signedUp>>;

  beforeAll(async () => {
    t = await startTestApp();
    applicant = await signedUp(t, 'applicant', { license_expires_at: '2028-06-30', experience_started_at: '2015-09-01' });
    rival = await signedUp(t, 'applicant');
    facility = await signedUp(t, 'facility');
  });
  afterAll(() => t.close());

  const ACCESS_DENIED = { detail: 'Access denied. This page is only available to applicants.' };

  it('is 401 without a token and 403 with the spec message for a facility user', async () => {
    expect((await api(t).get('/api/applicants/profile')).status).toBe(401);
    const read = await api(t, facility.token).get('/api/applicants/profile');
    expect(read.status).toBe(403);
    expect(read.body).toEqual(ACCESS_DENIED);
    const write = await api(t, facility.token).put('/api/applicants/profile').send({});
    expect(write.status).toBe(403);
    expect(write.body).toEqual(ACCESS_DENIED);
  });

  it('GET returns the profile with calendar dates as YYYY-MM-DD', async () => {
    const response = await api(t, applicant.token).get('/api/applicants/profile');
    expect(response.status).toBe(200);
    const p = profileData(applicant);
    expect(response.body).toMatchObject({
      id: applicant.me.applicant.id,
      user_id: applicant.userId,
      first_name: 'Sam',
      last_name: 'Rivera',
      role_type: 'CRNA',
      license_number: p.license_number,
      license_state: 'CA',
      license_expires_at: '2028-06-30',
      experience_started_at: '2015-09-01',
      npi: p.npi,
      linkedin_profile: 'https://www.linkedin.com/in/samrivera',
      malpractice_provided: true,
      job_search_frequency_days: 7,
      preferred_radius_miles: 50,
      certifications: [],
      verification_status: 'pending',
      is_active: true,
      user: { email: applicant.email, email_verified: true, first_name: 'Sam', last_name: 'Rivera' },
    });
  });

  it('what GET answers can be sent back with PUT unchanged', async () => {
    const current = (await api(t, applicant.token).get('/api/applicants/profile')).body;
    const response = await api(t, applicant.token).put('/api/applicants/profile').send(current);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ license_expires_at: '2028-06-30', experience_started_at: '2015-09-01' });
  });

  it('PUT updates the profile, visible at once and recorded as ApplicantProfileUpdated', async () => {
    const update = {
      first_name: 'Samuel',
      last_name: 'Rivera-Lopez',
      role_type: 'Anesthesiologist',
      license_number: 'MD-77881',
      license_state: 'nv',
      license_expires_at: '2029-01-31',
      npi: profileData(applicant).npi,
      linkedin_profile: 'https://linkedin.com/in/samuel-rl',
      experience_started_at: '2012-03-15',
      malpractice_provided: false,
      job_search_frequency_days: 1,
      bio: '  Cardiac and pediatric cases.  ',
      hourly_rate_min: 180,
      hourly_rate_max: 240,
      preferred_radius_miles: 120,
      address_line1: '1 Main St',
      city: 'Reno',
      state: 'nv',
      zip_code: '89501',
      certifications: ['PALS', 'ACLS'],
    };
    const response = await api(t, applicant.token).put('/api/applicants/profile').send(update);
    expect(response.status).toBe(200);
    const expected = {
      first_name: 'Samuel',
      last_name: 'Rivera-Lopez',
      role_type: 'Anesthesiologist',
      license_number: 'MD-77881',
      license_state: 'NV',
      license_expires_at: '2029-01-31',
      experience_started_at: '2012-03-15',
      linkedin_profile: 'https://www.linkedin.com/in/samuel-rl',
      malpractice_provided: false,
      job_search_frequency_days: 1,
      bio: 'Cardiac and pediatric cases.',
      hourly_rate_min: 180,
      hourly_rate_max: 240,
      preferred_radius_miles: 120,
      address_line1: '1 Main St',
      address_line2: null,
      city: 'Reno',
      state: 'NV',
      zip_code: '89501',
      certifications: ['PALS', 'ACLS'],
      verification_status: 'pending',
    };
    expect(response.body).toMatchObject(expected);
    expect((await api(t, applicant.token).get('/api/applicants/profile')).body).toMatchObject(expected);
    expect((await api(t, applicant.token).get('/api/users/me')).body).toMatchObject({ first_name: 'Samuel', last_name: 'Rivera-Lopez' });
    const types = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [
      `applicant-${applicant.me.applicant.id}`,
    ]);
    expect(types.map((e: { type: string }) => e.type).slice(-1)).toEqual(['ApplicantProfileUpdated']);

    // The old license is free again; the new one is taken.
    const check = (license_number: string, license_state: string) =>
      api(t).get('/api/auth/check-license').query({ license_number, license_state });
    expect((await check(profileData(applicant).license_number, 'CA')).body).toEqual({ available: true });
    expect((await check('md-77881', 'NV')).body).toEqual({ available: false });
  });

  it('ignores verification and ownership fields sent with the profile', async () => {
    const current = (await api(t, applicant.token).get('/api/applicants/profile')).body;
    const response = await api(t, applicant.token)
      .put('/api/applicants/profile')
      .send({ ...current, verification_status: 'verified', is_active: false, user_id: rival.userId, verification_notes: 'ok' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      verification_status: 'pending',
      is_active: true,
      user_id: applicant.userId,
      verification_notes: '',
    });
  });

  it("refuses another applicant's license (409) and NPI (409)", async () => {
    const current = (await api(t, applicant.token).get('/api/applicants/profile')).body;
    const r = profileData(rival);
    const license = await api(t, applicant.token)
      .put('/api/applicants/profile')
      .send({ ...current, license_number: r.license_number, license_state: r.license_state });
    expect(license.status).toBe(409);
    expect(license.body).toEqual({ detail: `${r.license_state} license #${r.license_number} is already registered.` });
    const npi = await api(t, applicant.token)
      .put('/api/applicants/profile')
      .send({ ...current, npi: r.npi });
    expect(npi.status).toBe(409);
    expect(npi.body).toEqual({ detail: `NPI ${r.npi} is already registered.` });
    // Nothing changed.
    expect((await api(t, applicant.token).get('/api/applicants/profile')).body).toMatchObject({
      license_number: 'MD-77881',
      npi: current.npi,
    });
  });

  it('answers 422 in the list shape', async () => {
    const current = (await api(t, applicant.token).get('/api/applicants/profile')).body;
    expectValidation(
      await api(t, applicant.token)
        .put('/api/applicants/profile')
        .send({ ...current, hourly_rate_min: 200, hourly_rate_max: 100 }),
      [['body', 'hourly_rate_max'], 'Maximum hourly rate cannot be less than the minimum hourly rate'],
    );
    expectValidation(
      await api(t, applicant.token)
        .put('/api/applicants/profile')
        .send({ ...current, license_number: ' ', zip_code: '123' }),
      [['body', 'license_number'], 'Please enter your license number'],
      [['body', 'zip_code'], 'Please enter a valid ZIP code (12345 or 12345-6789)'],
    );
  });
});
