import { accountMessages, licenseTaken, npiTaken } from '../../../server/src/domain/accounts/messages';
import type { Response } from 'supertest';
import { applicantRegistration, facilityRegistration, PASSWORD, uniqueEmail, validNpi } from '../../support/accounts';
import { startTestApp, TestApp } from '../../support/app';
import { api, applicantIdOf, assertNoSecrets, expectValidation, facilityIdOf, SLOW, streamTypes, userIdOf } from './helpers';

jest.setTimeout(SLOW);

const REGISTERED = accountMessages.registrationSucceeded;
const EMAIL_TAKEN = accountMessages.emailTaken;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the no-secrets check every request of this suite runs', () => {
  const answer = (text: string) => ({ status: 200, text, body: JSON.parse(text) }) as unknown as Response;

  it('passes ordinary answers and catches passwords, password fields and hashes', () => {
    expect(() => assertNoSecrets(answer('{"message":"Your password has been reset."}'))).not.toThrow();
    expect(() => assertNoSecrets(answer(JSON.stringify({ password_hash: 'x' })))).toThrow(/password field/);
    expect(() => assertNoSecrets(answer(JSON.stringify({ user: { password: 'x' } })))).toThrow(/password field/);
    expect(() => assertNoSecrets(answer(JSON.stringify({ h: '$argon2id$v=19$m=65536' })))).toThrow(/argon2/);
    expect(() => assertNoSecrets(answer(JSON.stringify({ echo: PASSWORD })))).toThrow(PASSWORD);
  });
});

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (body: unknown) =>
    api(t)
      .post('/api/auth/register')
      .send(body as object);

  describe('a facility', () => {
    const payload = facilityRegistration({}, { website: 'bayview.example', state: 'ca', phone: '(619) 555-0100' });
    let userId: string;
    let facilityId: string;

    beforeAll(async () => {
      const response = await post(payload);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.stringMatching(UUID), email: payload.email, role: 'facility_admin', message: REGISTERED });
      userId = response.body.id;
      facilityId = await facilityIdOf(t, userId);
    });

    it('starts the facility stream with FacilityRegistered', async () => {
      expect(await streamTypes(t, `facility-${facilityId}`)).toEqual(['FacilityRegistered']);
      const [event] = await t.db.query(`SELECT data, metadata FROM events WHERE stream_id = $1`, [`facility-${facilityId}`]);
      expect(event.data).toMatchObject({ facility_id: facilityId, admin_user_id: userId, name: 'Bayview Surgery Center' });
      expect(JSON.stringify(event)).not.toMatch(/password|argon2/i);
    });

    it('projects a pending facility with normalised fields before answering (read-your-writes)', async () => {
      const [row] = await t.db.query('SELECT * FROM facilities WHERE id = $1', [facilityId]);
      expect(row).toMatchObject({
        name: 'Bayview Surgery Center',
        facility_type: 'Ambulatory Surgery Center',
        npi: payload.profile_data.npi,
        website: 'https://bayview.example',
        state: 'CA',
        phone: '6195550100',
        zip_code: '92101',
        verification_status: 'pending',
        is_active: true,
        posting_credits: 0,
        admin_user_id: userId,
      });
    });

    it('makes the registering user an unverified legacy admin of the facility', async () => {
      const [user] = await t.db.query('SELECT email, role, email_verified, is_admin, first_name, last_name FROM users WHERE id = $1', [
        userId,
      ]);
      expect(user).toEqual({
        email: payload.email,
        role: 'facility_admin',
        email_verified: false,
        is_admin: false,
        first_name: 'Dana',
        last_name: "O'Neil",
      });
      const [member] = await t.db.query(
        'SELECT role, is_legacy_admin, can_manage_billing, can_manage_users FROM facility_members WHERE user_id = $1',
        [userId],
      );
      expect(member).toEqual({ role: 'admin', is_legacy_admin: true, can_manage_billing: true, can_manage_users: true });
    });

    it('stores only a hash of the password', async () => {
      const [user] = await t.db.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user.password_hash).not.toContain(payload.password);
    });

    it('refuses the same email again, whatever its case', async () => {
      const again = await post(facilityRegistration({ email: payload.email.toUpperCase() }));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: EMAIL_TAKEN });
    });

    it('refuses an NPI that is already registered, by facility or applicant', async () => {
      const npi = payload.profile_data.npi;
      const facility = await post(facilityRegistration({}, { npi }));
      expect(facility.status).toBe(409);
      expect(facility.body).toEqual({ detail: npiTaken(npi) });
      const applicant = await post(applicantRegistration({}, { npi }));
      expect(applicant.status).toBe(409);
      expect(applicant.body).toEqual({ detail: `NPI ${npi} is already registered.` });
    });
  });

  describe('an applicant', () => {
    const licenseNumber = `RN${Date.now() % 1_000_000}`;
    const payload = applicantRegistration(
      { email: uniqueEmail('MiXeD.Case') },
      { license_number: licenseNumber, license_state: 'tx', linkedin_profile: 'linkedin.com/in/sam-rivera' },
    );
    let userId: string;
    let applicantId: string;

    beforeAll(async () => {
      const response = await post(payload);
      expect(response.status).toBe(201);
      // The address is kept lower-cased: accounts are looked up case-insensitively.
      expect(response.body).toEqual({
        id: expect.stringMatching(UUID),
        email: payload.email.toLowerCase(),
        role: 'applicant',
        message: REGISTERED,
      });
      userId = response.body.id;
      applicantId = await applicantIdOf(t, userId);
    });

    it('starts the applicant stream with ApplicantRegistered and a pending record', async () => {
      expect(await streamTypes(t, `applicant-${applicantId}`)).toEqual(['ApplicantRegistered']);
      const [row] = await t.db.query('SELECT * FROM applicants WHERE id = $1', [applicantId]);
      expect(row).toMatchObject({
        user_id: userId,
        first_name: 'Sam',
        last_name: 'Rivera',
        role_type: 'CRNA',
        license_number: licenseNumber,
        license_state: 'TX',
        linkedin_profile: 'https://www.linkedin.com/in/sam-rivera',
        malpractice_provided: true,
        job_search_frequency_days: 7,
        preferred_radius_miles: 50,
        verification_status: 'pending',
        is_active: true,
      });
      expect(await t.db.query('SELECT 1 FROM facility_members WHERE user_id = $1', [userId])).toEqual([]);
    });

    it('refuses the same license number in the same state, in any case, naming it', async () => {
      const response = await post(applicantRegistration({}, { license_number: ` ${licenseNumber.toLowerCase()} `, license_state: 'TX' }));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: licenseTaken('TX', licenseNumber.toLowerCase()) });
      expect(response.body.detail).toBe(`TX license #${licenseNumber.toLowerCase()} is already registered.`);
    });

    it('accepts the same license number issued by another state', async () => {
      const other = applicantRegistration({}, { license_number: licenseNumber, license_state: 'NY' });
      const response = await post(other);
      expect(response.status).toBe(201);
    });

    it('defaults role type and alert frequency when they are not sent', async () => {
      const minimal = applicantRegistration(
        {},
        { role_type: undefined, job_search_frequency_days: undefined, malpractice_provided: undefined, linkedin_profile: undefined },
      );
      const response = await post(minimal);
      expect(response.status).toBe(201);
      const [row] = await t.db.query(
        'SELECT role_type, job_search_frequency_days, malpractice_provided, linkedin_profile FROM applicants WHERE user_id = $1',
        [response.body.id],
      );
      expect(row).toEqual({ role_type: 'CRNA', job_search_frequency_days: 7, malpractice_provided: false, linkedin_profile: null });
    });
  });

  it('rolls the account back when an identifier is taken, so the email stays free', async () => {
    const first = facilityRegistration();
    expect((await post(first)).status).toBe(201);
    const second = facilityRegistration({}, { npi: first.profile_data.npi });
    expect((await post(second)).status).toBe(409);
    expect(await userIdOf(t, second.email)).toBeNull();
    expect((await api(t).get('/api/auth/check-email').query({ email: second.email })).body).toEqual({ available: true });
    const retry = await post({ ...second, profile_data: { ...second.profile_data, npi: validNpi() } });
    expect(retry.status).toBe(201);
  });

  it('lets exactly one of five concurrent registrations of one email through', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(facilityRegistration({ email }))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.body).toEqual({ detail: EMAIL_TAKEN });
    expect(await t.db.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [email])).toEqual([{ n: 1 }]);
    const userId = responses.find((r) => r.status === 201)!.body.id;
    expect(await streamTypes(t, `facility-${await facilityIdOf(t, userId)}`)).toEqual(['FacilityRegistered']);
  });

  it('lets exactly one of concurrent registrations of one NPI through', async () => {
    const npi = validNpi();
    const responses = await Promise.all(Array.from({ length: 3 }, () => post(applicantRegistration({}, { npi }))));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.body).toEqual({ detail: npiTaken(npi) });
    expect(await t.db.query(`SELECT count(*)::int AS n FROM identifier_claims WHERE kind = 'npi' AND value = $1`, [npi])).toEqual([
      { n: 1 },
    ]);
  });

  it('ignores fields a registrant may not set (is_admin, email_verified, verification_status)', async () => {
    const payload = facilityRegistration(
      { is_admin: true, email_verified: true, token_version: 7 },
      { verification_status: 'verified', posting_credits: 50 },
    );
    const response = await post(payload);
    expect(response.status).toBe(201);
    const [user] = await t.db.query('SELECT role, is_admin, email_verified, token_version FROM users WHERE id = $1', [response.body.id]);
    expect(user).toEqual({ role: 'facility_admin', is_admin: false, email_verified: false, token_version: 0 });
    const [facility] = await t.db.query('SELECT verification_status, posting_credits FROM facilities WHERE id = $1', [
      await facilityIdOf(t, response.body.id),
    ]);
    expect(facility).toEqual({ verification_status: 'pending', posting_credits: 0 });
  });

  it('refuses an invitation token it cannot honour, creating nothing', async () => {
    const payload = {
      ...facilityRegistration(),
      invite_token: 'no-such-invitation',
      profile_data: { first_name: 'Ivy', last_name: 'Invited' },
    };
    const response = await post(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Invalid invitation token.' });
    expect(await userIdOf(t, payload.email)).toBeNull();
  });

  describe('validation (422, list shape)', () => {
    const facility = (overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) =>
      post(facilityRegistration(overrides, profile));
    const applicant = (overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) =>
      post(applicantRegistration(overrides, profile));
    const pd = (field: string) => ['body', 'profile_data', field];

    it('a malformed email', async () => {
      expectValidation(await facility({ email: 'dana@example' }), [['body', 'email'], 'Please enter a valid email address']);
      expectValidation(await facility({ email: '' }), [['body', 'email'], 'Email is required']);
    });

    it('passwords: too short, no number, no letter, missing', async () => {
      expectValidation(await facility({ password: 'Abc12' }), [['body', 'password'], 'Password must be at least 8 characters long']);
      expectValidation(await facility({ password: 'abcdefgh' }), [['body', 'password'], 'Password must contain at least one number']);
      expectValidation(await facility({ password: '12345678' }), [['body', 'password'], 'Password must contain at least one letter']);
      expectValidation(await facility({ password: '' }), [['body', 'password'], 'Password is required']);
    });

    it('a password of the wrong JSON type is a 422, not a 500', async () => {
      for (const password of [null, 12345678, {}, ['Secret123']]) {
        const response = await facility({ password });
        expect(response.status).toBe(422);
        expect(response.body.detail).toContainEqual({ loc: ['body', 'password'], msg: 'Password is required', type: expect.any(String) });
      }
    });

    it('terms of service not accepted', async () => {
      expectValidation(await facility({ tos_accepted: false }), [
        ['body', 'tos_accepted'],
        'You must accept the terms of service to continue',
      ]);
      expectValidation(await facility({ tos_accepted: undefined }), [
        ['body', 'tos_accepted'],
        'You must accept the terms of service to continue',
      ]);
    });

    it('names: missing, too short, bad characters', async () => {
      expectValidation(await facility({}, { first_name: '  ' }), [pd('first_name'), 'First name is required']);
      expectValidation(await facility({}, { first_name: 'D' }), [pd('first_name'), 'First name must be at least 2 characters']);
      expectValidation(await applicant({}, { last_name: 'R2-D2' }), [
        pd('last_name'),
        'Last name may contain only letters, spaces, hyphens and apostrophes',
      ]);
    });

    it('facility type missing or unknown', async () => {
      expectValidation(await facility({}, { facility_type: undefined }), [pd('facility_type'), 'Please select a facility type']);
      expectValidation(await facility({}, { facility_type: 'Spa' }), [pd('facility_type'), 'Please select a facility type']);
    });

    it('phone, state and zip', async () => {
      expectValidation(await facility({}, { phone: '1195550100' }), [
        pd('phone'),
        "Please enter a valid 10-digit phone number that doesn't start with 0 or 1",
      ]);
      expectValidation(await facility({}, { phone: '619555010' }), [
        pd('phone'),
        "Please enter a valid 10-digit phone number that doesn't start with 0 or 1",
      ]);
      expectValidation(await facility({}, { state: 'XX' }), [pd('state'), 'Please enter a valid US state abbreviation (e.g., CA, NY, TX)']);
      expectValidation(await facility({}, { zip_code: '9210' }), [pd('zip_code'), 'Please enter a valid ZIP code (12345 or 12345-6789)']);
    });

    it('NPI: missing, wrong length, wrong check digit', async () => {
      expectValidation(await facility({}, { npi: '' }), [pd('npi'), 'Please enter your NPI number']);
      expectValidation(await facility({}, { npi: '12345' }), [pd('npi'), 'NPI must be exactly 10 digits']);
      expectValidation(await applicant({}, { npi: '1234567890' }), [pd('npi'), 'This NPI is not valid. Please check the number.']);
    });

    it('website that is not a URL', async () => {
      expectValidation(await facility({}, { website: 'not a site' }), [
        pd('website'),
        'Please enter a valid website URL starting with http:// or https://',
      ]);
    });

    it('applicant license and dates', async () => {
      expectValidation(await applicant({}, { license_number: '' }), [pd('license_number'), 'Please enter your license number']);
      expectValidation(await applicant({}, { license_state: 'ZZ' }), [
        pd('license_state'),
        'Please enter a valid US state abbreviation (e.g., CA, NY, TX)',
      ]);
      expectValidation(await applicant({}, { license_expires_at: '2028-02-30' }), [
        pd('license_expires_at'),
        'Please enter a valid date (YYYY-MM-DD)',
      ]);
      expectValidation(await applicant({}, { experience_started_at: '2999-01-01' }), [
        pd('experience_started_at'),
        'Experience start date cannot be in the future',
      ]);
      expectValidation(await applicant({}, { role_type: 'Surgeon' }), [
        pd('role_type'),
        'Please select a role type (CRNA or Anesthesiologist)',
      ]);
      expectValidation(await applicant({}, { job_search_frequency_days: 3 }), [
        pd('job_search_frequency_days'),
        'Please choose daily or weekly job alerts',
      ]);
    });

    it('lists every bad field at once', async () => {
      expectValidation(
        await applicant({ email: 'x', tos_accepted: false }, { license_state: 'QQ', npi: '42' }),
        [['body', 'email'], 'Please enter a valid email address'],
        [['body', 'tos_accepted'], 'You must accept the terms of service to continue'],
        [pd('license_state'), 'Please enter a valid US state abbreviation (e.g., CA, NY, TX)'],
        [pd('npi'), 'NPI must be exactly 10 digits'],
      );
    });

    it('no or unknown role, and bodies that are not objects', async () => {
      expectValidation(await facility({ role: undefined }), [['body', 'role'], 'Please choose an account type']);
      expectValidation(await facility({ role: 'system_admin' }), [['body', 'role'], 'Please choose an account type']);
      expect((await post([])).status).toBe(422);
      const malformed = await api(t).post('/api/auth/register').set('Content-Type', 'application/json').send('{"email":');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ detail: 'The request body is not valid JSON.' });
    });

    it('creates nothing for a refused payload', async () => {
      const payload = facilityRegistration({ password: 'short' });
      expect((await post(payload)).status).toBe(422);
      expect(await userIdOf(t, payload.email)).toBeNull();
    });
  });
});

describe('GET /api/auth/check-email, check-npi, check-license', () => {
  let t: TestApp;
  const facility = facilityRegistration();
  const applicant = applicantRegistration({}, { license_number: 'LIC-4242', license_state: 'CA' });

  beforeAll(async () => {
    t = await startTestApp();
    for (const payload of [facility, applicant]) {
      const response = await api(t).post('/api/auth/register').send(payload);
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  const check = (path: string, query: string) => api(t).get(`/api/auth/${path}?${query}`);
  const available = async (path: string, query: string) => {
    const response = await check(path, query);
    expect(response.status).toBe(200);
    return response.body;
  };

  it('email: taken in any case, free otherwise', async () => {
    expect(await available('check-email', `email=${encodeURIComponent(facility.email)}`)).toEqual({ available: false });
    expect(await available('check-email', `email=${encodeURIComponent(facility.email.toUpperCase())}`)).toEqual({ available: false });
    expect(await available('check-email', `email=${encodeURIComponent(`  ${facility.email}  `)}`)).toEqual({ available: false });
    expect(await available('check-email', `email=${encodeURIComponent(uniqueEmail('free'))}`)).toEqual({ available: true });
  });

  it('npi: taken by a facility or an applicant, free otherwise', async () => {
    expect(await available('check-npi', `npi=${facility.profile_data.npi}`)).toEqual({ available: false });
    expect(await available('check-npi', `npi=${applicant.profile_data.npi}`)).toEqual({ available: false });
    expect(await available('check-npi', `npi=${validNpi()}`)).toEqual({ available: true });
  });

  it('license: per state and case-insensitive', async () => {
    expect(await available('check-license', 'license_number=LIC-4242&license_state=CA')).toEqual({ available: false });
    expect(await available('check-license', 'license_number=lic-4242&license_state=ca')).toEqual({ available: false });
    expect(await available('check-license', 'license_number=LIC-4242&license_state=NV')).toEqual({ available: true });
    expect(await available('check-license', 'license_number=LIC-4243&license_state=CA')).toEqual({ available: true });
  });

  it('missing, repeated or nested parameters answer 200 and never 500', async () => {
    const queries = [
      '',
      'email=',
      `email=${encodeURIComponent(facility.email)}&email=x@y.test`,
      'email[a]=1',
      'npi=12345',
      'npi=1&npi=2',
      'npi[]=1234567893',
      'license_number=LIC-4242',
      'license_number=LIC-4242&license_state=CA&license_state=NY',
      'license_number[]=a&license_state[a]=CA',
      'license_number=%00&license_state=%27%3B',
      'email=a%00b%40example.test',
      'email=%ED%A0%80%40example.test',
      'license_number=LIC%004242&license_state=CA',
    ];
    for (const path of ['check-email', 'check-npi', 'check-license']) {
      for (const query of queries) {
        const response = await check(path, query);
        expect({ path, query, status: response.status }).toEqual({ path, query, status: 200 });
        expect(response.body).toEqual({ available: expect.any(Boolean) });
      }
    }
    expect(await available('check-email', 'email=')).toEqual({ available: false });
    expect(await available('check-npi', 'npi=12345')).toEqual({ available: false });
  });
});
