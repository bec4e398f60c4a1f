import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import { Authenticator } from '../../../server/src/auth/authenticator';
import { AccessTokens } from '../../../server/src/auth/tokens';
import { facilityRegistration, PASSWORD, register, signedUp, uniqueEmail, verifyByEmail } from '../../support/accounts';
import { startTestApp, TestApp } from '../../support/app';
import { countStatements } from '../../support/statements';
import { api, expectValidation, loginRequest, SLOW } from './helpers';

jest.setTimeout(SLOW);

const WRONG = { detail: 'Incorrect email or password' };
const TOO_MANY = 'Too many failed sign-in attempts. Please wait 15 minutes, or reset your password.';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let verified: Awaited<ReturnType<typeof signedUp>>;
  let other: Awaited<ReturnType<typeof signedUp>>;
  const unverified = facilityRegistration();

  beforeAll(async () => {
    t = await startTestApp();
    verified = await signedUp(t, 'facility');
    other = await signedUp(t, 'applicant');
    await register(t, unverified);
  });
  afterAll(() => t.close());
  // Each test starts with a clean failure count (they all come from 127.0.0.1).
  beforeEach(() => t.db.query('DELETE FROM login_failures'));

  it('signs in with a form-encoded body and answers a bearer token', async () => {
    const response = await loginRequest(t, verified.email, PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    const me = await api(t, response.body.access_token).get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(verified.email);
  });

  it('accepts a JSON body too, and the email in any case', async () => {
    const response = await api(t).post('/api/auth/login').send({ username: verified.email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
  });

  it('records last_login', async () => {
    await t.db.query('UPDATE users SET last_login = NULL WHERE id = $1', [verified.userId]);
    const before = Date.now();
    const token = (await loginRequest(t, verified.email, PASSWORD)).body.access_token;
    const me = await api(t, token).get('/api/users/me');
    expect(me.body.last_login).not.toBeNull();
    expect(new Date(me.body.last_login).getTime()).toBeGreaterThanOrEqual(before - 2000);
  });

  it('tells the first session from later ones: first_sign_in until the next sign-in', async () => {
    await t.db.query('UPDATE users SET last_login = NULL, previous_login = NULL WHERE id = $1', [verified.userId]);
    const first = (await loginRequest(t, verified.email, PASSWORD)).body.access_token;
    expect((await api(t, first).get('/api/users/me')).body.first_sign_in).toBe(true);
    const second = (await loginRequest(t, verified.email, PASSWORD)).body.access_token;
    expect((await api(t, second).get('/api/users/me')).body.first_sign_in).toBe(false);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await loginRequest(t, verified.email, 'Wrong12345');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(WRONG);
    const unknown = await loginRequest(t, uniqueEmail('nobody'), PASSWORD);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(WRONG);
  });

  it('refuses an unverified email with 403 and code email_verification_required', async () => {
    const response = await loginRequest(t, unverified.email, PASSWORD);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: expect.stringMatching(/verify your email/i), code: 'email_verification_required' });
  });

  it('does not reveal that an unverified account exists to someone without its password', async () => {
    const response = await loginRequest(t, unverified.email, 'Wrong12345');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(WRONG);
  });

  it('answers 422 in the list shape for missing or malformed fields', async () => {
    expectValidation(
      await api(t).post('/api/auth/login').type('form').send({}),
      [['body', 'username'], 'Email is required'],
      [['body', 'password'], 'Password is required'],
    );
    expectValidation(await loginRequest(t, 'not-an-email', PASSWORD), [['body', 'username'], 'Invalid email address']);
    expectValidation(await loginRequest(t, verified.email, ''), [['body', 'password'], 'Password is required']);
    expectValidation(await api(t).post('/api/auth/login').send({ username: verified.email, password: null }), [
      ['body', 'password'],
      'Password is required',
    ]);
  });

  it(`throttles an email after ${5} failures, even with the right password`, async () => {
    expect(t.config.LOGIN_MAX_FAILURES).toBe(5);
    for (let i = 0; i < 5; i++) {
      const response = await loginRequest(t, verified.email, `Wrong${i}xyz1`);
      expect(response.status).toBe(401);
    }
    const blocked = await loginRequest(t, verified.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: TOO_MANY });
    // Another address is not affected.
    expect((await loginRequest(t, other.email, PASSWORD)).status).toBe(200);
  });

  it('counts failures of an email in any case together', async () => {
    for (let i = 0; i < 5; i++) {
      const email = i % 2 ? verified.email.toUpperCase() : verified.email;
      expect((await loginRequest(t, email, 'Wrong12345')).status).toBe(401);
    }
    expect((await loginRequest(t, verified.email, PASSWORD)).status).toBe(429);
  });

  it('a successful sign-in resets the count', async () => {
    for (let i = 0; i < 4; i++) expect((await loginRequest(t, verified.email, 'Wrong12345')).status).toBe(401);
    expect((await loginRequest(t, verified.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginRequest(t, verified.email, 'Wrong12345')).status).toBe(401);
    expect((await loginRequest(t, verified.email, PASSWORD)).status).toBe(200);
  });

  it('the window passes: failures older than 15 minutes no longer block', async () => {
    for (let i = 0; i < 5; i++) await loginRequest(t, verified.email, 'Wrong12345');
    expect((await loginRequest(t, verified.email, PASSWORD)).status).toBe(429);
    await t.db.query(`UPDATE login_failures SET first_failed_at = now() - interval '16 minutes'`);
    expect((await loginRequest(t, verified.email, PASSWORD)).status).toBe(200);
  });

  it('five failures spread over other addresses from one client do not lock out everyone behind it', async () => {
    // Many people share one address (a hospital network, a proxy): five typos by five people
    // must not block a sixth person who types the right password.
    for (let i = 0; i < 5; i++) expect((await loginRequest(t, uniqueEmail(`typo${i}`), 'Wrong12345')).status).toBe(401);
    expect((await loginRequest(t, verified.email, PASSWORD)).status).toBe(200);
  });

  it('a client guessing across many addresses is eventually throttled', async () => {
    let status = 401;
    let attempts = 0;
    while (status === 401 && attempts < 200) {
      status = (await loginRequest(t, uniqueEmail('spray'), 'Wrong12345')).status;
      attempts += 1;
    }
    expect(status).toBe(429);
    // More than one email's allowance (others share the address), but not unlimited.
    expect(attempts).toBeGreaterThan(6);
    expect(attempts).toBeLessThanOrEqual(51);
  });

  it('a burst of 30 simultaneous wrong passwords checks only 5 of them', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => loginRequest(t, verified.email, `Wrong${i}xyz1`)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('a right password sent while a burst of wrong ones is being checked is refused unchecked', async () => {
    const wrong = Array.from({ length: 19 }, (_, i) => loginRequest(t, verified.email, `Wrong${i}xyz1`).then((r) => r.status));
    // Every attempt of the burst has been counted (each takes its place before its password is checked)...
    await waitFor(async () => {
      const [row] = await t.db.query(`SELECT failures FROM login_failures WHERE key = $1`, [`email:${verified.email}`]);
      return (row?.failures ?? 0) >= 19;
    });
    // ...so the right password, twentieth, is over the limit like the fifteen wrong ones after the fifth.
    const right = await loginRequest(t, verified.email, PASSWORD);
    expect(right.status).toBe(429);
    const statuses = await Promise.all(wrong);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  it('55 failures from one address do not lock out someone who signs in from it, but stop guesses at new accounts', async () => {
    // `other` signed in from this address before (signing up ends with a sign-in).
    const stranger = await register(t, facilityRegistration());
    await verifyByEmail(t, stranger.email);
    const answers = await Promise.all(Array.from({ length: 55 }, (_, i) => loginRequest(t, uniqueEmail(`office${i}`), 'Wrong12345')));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);

    expect((await loginRequest(t, other.email, PASSWORD)).status).toBe(200);
    // An account never signed in from here is what a guesser spraying one address's attempts
    // over many accounts would try: the address limit holds for it.
    expect((await loginRequest(t, stranger.email, PASSWORD)).status).toBe(429);
  });

  it('a wrong password takes about as long for an unknown email as for an existing account', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await loginRequest(t, email, 'Wrong12345')).status).toBe(401);
      return performance.now() - started;
    };
    const existing: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      existing.push(await timed(verified.email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    // Password hashing dominates an existing account's answer; an unknown one must cost the same.
    expect(median(unknown)).toBeGreaterThan(median(existing) * 0.5);
  });

  describe('password hashes', () => {
    const storedHash = async (userId: string): Promise<string> =>
      (await t.db.query('SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash;
    const withHash = async (hash: string) => {
      const account = await signedUp(t, 'applicant');
      await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [account.userId, hash]);
      return account;
    };

    it("stores new passwords with OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane)", async () => {
      expect(await storedHash(verified.userId)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it("signs in with a weaker old hash and replaces it with one of today's parameters", async () => {
      const weak = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
      const account = await withHash(weak);
      expect((await loginRequest(t, account.email, 'Wrong12345')).status).toBe(401);
      expect(await storedHash(account.userId)).toBe(weak);
      expect((await loginRequest(t, account.email, PASSWORD)).status).toBe(200);
      const upgraded = await storedHash(account.userId);
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await argon2.verify(upgraded, PASSWORD)).toBe(true);
      // The old session survives the upgrade, and the password still signs in.
      expect((await api(t, account.token).get('/api/users/me')).status).toBe(200);
      expect((await loginRequest(t, account.email, PASSWORD)).status).toBe(200);
    });

    it('keeps a stronger old hash (the previous default: 64 MiB, 3 passes, 4 lanes) as it is', async () => {
      const strong = await argon2.hash(PASSWORD, { type: argon2.argon2id });
      expect(strong).toMatch(/m=65536/);
      const account = await withHash(strong);
      expect((await loginRequest(t, account.email, PASSWORD)).status).toBe(200);
      expect((await loginRequest(t, account.email, 'Wrong12345')).status).toBe(401);
      expect(await storedHash(account.userId)).toBe(strong);
    });

    it('refuses every password for an unreadable hash', async () => {
      const account = await withHash('not-a-hash');
      expect((await loginRequest(t, account.email, PASSWORD)).status).toBe(401);
      expect(await storedHash(account.userId)).toBe('not-a-hash');
    });
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('bearer tokens', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedUp>>;

  beforeAll(async () => {
    t = await startTestApp();
    user = await signedUp(t, 'applicant');
  });
  afterAll(() => t.close());

  it.each([
    ['no header', undefined],
    ['a malformed header', 'Token abc'],
    ['garbage', 'Bearer not.a.jwt'],
    ['an empty bearer', 'Bearer '],
  ])('GET /api/users/me with %s is 401 {"detail"}', async (_, header) => {
    const test = api(t).get('/api/users/me');
    if (header !== undefined) test.set('Authorization', header);
    const response = await test;
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Not authenticated. Please sign in.' });
  });

  it('refuses a token signed with another secret', async () => {
    const forged = new AccessTokens('another-secret-0123456789', '1h').sign({ id: user.userId, token_version: 0 });
    expect((await api(t, forged).get('/api/users/me')).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 60 }, t.config.JWT_SECRET, {
      subject: user.userId,
      algorithm: 'HS256',
    });
    const fresh = jwt.sign({ ver: 0 }, t.config.JWT_SECRET, { subject: user.userId, algorithm: 'HS256', expiresIn: '1h' });
    expect((await api(t, fresh).get('/api/users/me')).status).toBe(200);
    expect((await api(t, expired).get('/api/users/me')).status).toBe(401);
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const endless = jwt.sign({ ver: 0 }, t.config.JWT_SECRET, { subject: user.userId, algorithm: 'HS256' });
    const response = await api(t, endless).get('/api/users/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Not authenticated. Please sign in.' });
  });

  it('refuses an unsigned ("alg": "none") token', async () => {
    const unsigned = jwt.sign({ ver: 0 }, '', { subject: user.userId, algorithm: 'none' });
    expect((await api(t, unsigned).get('/api/users/me')).status).toBe(401);
  });

  it('refuses a valid signature for a user that does not exist', async () => {
    const ghost = t.app.get(AccessTokens).sign({ id: '00000000-0000-4000-8000-000000000000', token_version: 0 });
    expect((await api(t, ghost).get('/api/users/me')).status).toBe(401);
  });

  it('a deactivated user is refused with a token that worked before', async () => {
    expect((await api(t, user.token).get('/api/users/me')).status).toBe(200);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.userId]);
    try {
      const me = await api(t, user.token).get('/api/users/me');
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ detail: 'Not authenticated. Please sign in.' });
      expect((await api(t, user.token).get('/api/applicants/profile')).status).toBe(401);
      const login = await loginRequest(t, user.email, PASSWORD);
      expect(login.status).toBe(403);
      expect(login.body).toEqual({ detail: 'This account has been deactivated. Please contact support.' });
    } finally {
      await t.db.query('UPDATE users SET is_active = true WHERE id = $1', [user.userId]);
    }
    expect((await api(t, user.token).get('/api/users/me')).status).toBe(200);
  });

  it('users asked for together are read in one statement, each caller getting their own, a deactivated one refused', async () => {
    const facility = await signedUp(t, 'facility');
    const gone = await signedUp(t, 'applicant');
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.userId]);
    const authenticator = t.app.get(Authenticator);
    const reads = countStatements('FROM users u');
    try {
      const [applicant, member, deactivated, again] = await Promise.all(
        [user.token, facility.token, gone.token, user.token].map((token) => authenticator.authenticate(token)),
      );
      expect(reads.count()).toBe(1);
      expect(applicant).toMatchObject({ id: user.userId, email: user.email, membership: null });
      expect(member).toMatchObject({ id: facility.userId, email: facility.email, membership: { role: 'admin' } });
      expect(deactivated).toBeNull();
      expect(again).toEqual(applicant);
    } finally {
      reads.stop();
    }
    // Nothing is kept: the next turn reads again and sees the account deactivated since.
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [facility.userId]);
    expect(await authenticator.authenticate(facility.token)).toBeNull();
  });
});
