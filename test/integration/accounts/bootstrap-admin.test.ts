import { facilityRegistration } from '../../support/accounts';
import { startTestApp, TestApp } from '../../support/app';
import { api, loginRequest, rememberSecret, SLOW } from './helpers';

jest.setTimeout(SLOW);

describe('the bootstrap system admin (ADMIN_EMAIL, ADMIN_PASSWORD)', () => {
  const ADMIN_EMAIL = 'Ops.Admin@Tenens.test';
  const ADMIN_PASSWORD = rememberSecret('Bootstrap-Admin-2024');
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  });
  afterAll(() => t.close());

  const admins = () => t.db.query(`SELECT email, role, is_admin, email_verified FROM users WHERE lower(email) = lower($1)`, [ADMIN_EMAIL]);

  it('is created verified at start-up and can sign in, in any case', async () => {
    expect(await admins()).toEqual([{ email: ADMIN_EMAIL.toLowerCase(), role: 'system_admin', is_admin: true, email_verified: true }]);
    const response = await loginRequest(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    expect((await loginRequest(t, ADMIN_EMAIL.toLowerCase(), ADMIN_PASSWORD)).status).toBe(200);
    expect((await loginRequest(t, ADMIN_EMAIL, 'Not-The-Password-1')).status).toBe(401);
  });

  it('GET /users/me shows is_admin and role system_admin, with no facility or applicant', async () => {
    const token = (await loginRequest(t, ADMIN_EMAIL, ADMIN_PASSWORD)).body.access_token;
    const me = await api(t, token).get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: ADMIN_EMAIL.toLowerCase(),
      role: 'system_admin',
      is_admin: true,
      email_verified: true,
      facility: null,
      applicant: null,
    });
    expect((await api(t, token).get('/api/users/me/facility-permissions')).status).toBe(404);
    expect((await api(t, token).get('/api/applicants/profile')).status).toBe(403);
  });

  it('is not duplicated, nor its password reset, when the app starts again on the same database', async () => {
    const before = await t.db.query('SELECT id, password_hash FROM users WHERE is_admin');
    const second = await startTestApp({
      shareWith: t,
      env: { ADMIN_EMAIL: ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD: rememberSecret('Other-Password-99') },
    });
    try {
      const after = await t.db.query('SELECT id, password_hash FROM users WHERE is_admin');
      expect(after).toEqual(before);
      expect(before).toHaveLength(1);
      expect((await loginRequest(second, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('the admin address cannot be registered by anyone else', async () => {
    const response = await api(t)
      .post('/api/auth/register')
      .send(facilityRegistration({ email: ADMIN_EMAIL }));
    expect(response.status).toBe(409);
  });
});

describe('without ADMIN_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates no system admin', async () => {
    expect(await t.db.query(`SELECT 1 FROM users WHERE is_admin OR role = 'system_admin'`)).toEqual([]);
  });
});
