import { createHash } from 'node:crypto';
import { accountMessages } from '../../../server/src/domain/accounts/messages';
import { applicantRegistration, facilityRegistration, PASSWORD, register, signedUp, uniqueEmail } from '../../support/accounts';
import { startTestApp, TestApp } from '../../support/app';
import {
  api,
  expectValidation,
  linkIn,
  loginRequest,
  mailMark,
  nextEmail,
  rememberSecret,
  sleep,
  SLOW,
  tokenOf,
  userIdOf,
} from './helpers';

jest.setTimeout(SLOW);

const VERIFY_SUBJECT = /verify your email/i;
const RESET_SUBJECT = /reset your tenens password/i;
const CHANGED_SUBJECT = /password was changed/i;
const RESEND_ANSWER = { message: accountMessages.verificationEmailSent };
const RESET_ANSWER = { message: "If an account exists for that email address, we've sent it a link to reset the password." };

describe('email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const verify = (token: string) => api(t).post(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);

  it('registration mails a {APP_URL}/verify-email?token= link (text and html) that works once', async () => {
    const payload = facilityRegistration();
    const seen = mailMark(t);
    await register(t, payload);
    const email = await nextEmail(t, seen, payload.email, VERIFY_SUBJECT);
    expect(email.subject).toBe('Verify your email address for Tenens');
    const link = linkIn(email);
    expect(link.startsWith(`${t.config.APP_URL}/verify-email?token=`)).toBe(true);
    expect(email.html).toContain(`href="${link}"`);
    const token = tokenOf(link);

    // Only a hash of the token is stored.
    const stored = await t.db.query('SELECT token_hash FROM email_tokens WHERE user_id = $1', [await userIdOf(t, payload.email)]);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    expect((await loginRequest(t, payload.email, PASSWORD)).status).toBe(403);
    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: expect.any(String) });
    expect((await loginRequest(t, payload.email, PASSWORD)).status).toBe(200);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: expect.stringContaining('Invalid or expired') });
  });

  it('sends exactly one verification email per registration', async () => {
    const payload = applicantRegistration();
    const seen = mailMark(t);
    await register(t, payload);
    await nextEmail(t, seen, payload.email, VERIFY_SUBJECT);
    await sleep(1500);
    expect(t.mail.messages.filter((m) => !seen.has(m) && m.to === payload.email)).toHaveLength(1);
  });

  it('refuses a missing token with 422 and an unknown one with 400', async () => {
    expectValidation(await api(t).post('/api/auth/verify-email'), [['query', 'token'], 'No verification token provided']);
    expectValidation(await api(t).post('/api/auth/verify-email?token='), [['query', 'token'], 'No verification token provided']);
    const unknown = await verify('not-a-real-token');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ detail: 'Invalid or expired verification token' });
  });

  it('refuses an expired token', async () => {
    const payload = facilityRegistration();
    const seen = mailMark(t);
    await register(t, payload);
    const token = tokenOf(linkIn(await nextEmail(t, seen, payload.email, VERIFY_SUBJECT)));
    await t.db.query(`UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      await userIdOf(t, payload.email),
    ]);
    const response = await verify(token);
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('Invalid or expired');
    expect((await loginRequest(t, payload.email, PASSWORD)).status).toBe(403);
  });

  it('a reset-password token is not a verification token', async () => {
    const payload = facilityRegistration();
    await register(t, payload);
    const seen = mailMark(t);
    await api(t).post('/api/auth/request-password-reset').query({ email: payload.email });
    const token = tokenOf(linkIn(await nextEmail(t, seen, payload.email, RESET_SUBJECT)));
    expect((await verify(token)).status).toBe(400);
  });

  describe('POST /api/auth/resend-verification-email', () => {
    it('mails a new, working link to an unverified account', async () => {
      const payload = applicantRegistration();
      let seen = mailMark(t);
      await register(t, payload);
      const firstToken = tokenOf(linkIn(await nextEmail(t, seen, payload.email, VERIFY_SUBJECT)));
      seen = mailMark(t);
      const response = await api(t).post('/api/auth/resend-verification-email').send({ email: payload.email.toUpperCase() });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(RESEND_ANSWER);
      const secondToken = tokenOf(linkIn(await nextEmail(t, seen, payload.email, VERIFY_SUBJECT)));
      expect(secondToken).not.toBe(firstToken);
      expect((await verify(secondToken)).status).toBe(200);
      expect((await loginRequest(t, payload.email, PASSWORD)).status).toBe(200);
    });

    it('answers the same for an unknown or already verified address and mails nothing', async () => {
      const verified = await signedUp(t, 'facility');
      const unknown = uniqueEmail('ghost');
      const seen = mailMark(t);
      for (const email of [unknown, verified.email]) {
        const response = await api(t).post('/api/auth/resend-verification-email').send({ email });
        expect(response.status).toBe(200);
        expect(response.body).toEqual(RESEND_ANSWER);
      }
      // A later email proves the mail worker got past anything queued before it.
      const pending = facilityRegistration();
      await register(t, pending);
      await nextEmail(t, seen, pending.email, VERIFY_SUBJECT);
      await sleep(1000);
      const sent = t.mail.messages.filter((m) => !seen.has(m)).map((m) => m.to);
      expect(sent).toEqual([pending.email]);
    });

    it('validates the email', async () => {
      expectValidation(await api(t).post('/api/auth/resend-verification-email').send({}), [['body', 'email'], 'Email is required']);
      expectValidation(await api(t).post('/api/auth/resend-verification-email').send({ email: 'nope' }), [
        ['body', 'email'],
        'Please enter a valid email address',
      ]);
    });
  });
});

describe('password reset', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedUp>>;

  beforeAll(async () => {
    t = await startTestApp();
    user = await signedUp(t, 'applicant');
  });
  afterAll(() => t.close());

  const requestReset = (email: string) => api(t).post('/api/auth/request-password-reset').query({ email });
  const reset = (token: string, password: string) => api(t).post('/api/auth/reset-password').query({ token, new_password: password });
  const resetLink = async (email: string) => {
    const seen = mailMark(t);
    const response = await requestReset(email);
    expect(response.status).toBe(200);
    const message = await nextEmail(t, seen, email, RESET_SUBJECT);
    expect(message.subject).toBe('Reset your Tenens password');
    return linkIn(message);
  };

  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const unknown = uniqueEmail('nobody');
    const seen = mailMark(t);
    const forUnknown = await requestReset(unknown);
    const forKnown = await requestReset(user.email);
    expect(forUnknown.status).toBe(200);
    expect(forKnown.status).toBe(200);
    expect(forUnknown.body).toEqual(RESET_ANSWER);
    expect(forKnown.body).toEqual(RESET_ANSWER);
    await nextEmail(t, seen, user.email, RESET_SUBJECT);
    await sleep(1000);
    expect(t.mail.messages.filter((m) => !seen.has(m)).map((m) => m.to)).toEqual([user.email]);
  });

  it('validates the email', async () => {
    expectValidation(await api(t).post('/api/auth/request-password-reset'), [['query', 'email'], 'Email is required']);
    expectValidation(await requestReset('not-an-email'), [['query', 'email'], 'Please enter a valid email address']);
  });

  it('the emailed {APP_URL}/reset-password link sets a new password once and ends old sessions', async () => {
    const link = await resetLink(user.email);
    expect(link.startsWith(`${t.config.APP_URL}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);
    const oldToken = user.token;
    expect((await api(t, oldToken).get('/api/users/me')).status).toBe(200);

    // A weak password is refused and does not use up the link.
    const weak = await reset(token, rememberSecret('alllowercase1'));
    expectValidation(weak, [
      ['query', 'new_password'],
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ]);
    expectValidation(await reset(token, 'Sh0rt'), [['query', 'new_password'], 'Password must be at least 8 characters long']);

    const newPassword = rememberSecret('Brand-New-Pass9');
    const seen = mailMark(t);
    const done = await reset(token, newPassword);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: expect.any(String) });

    expect((await loginRequest(t, user.email, PASSWORD)).status).toBe(401);
    expect((await loginRequest(t, user.email, newPassword)).status).toBe(200);
    const me = await api(t, oldToken).get('/api/users/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ detail: 'Not authenticated. Please sign in.' });

    const changed = await nextEmail(t, seen, user.email, CHANGED_SUBJECT);
    expect(changed.subject).toBe('Your Tenens password was changed');

    const reused = await reset(token, rememberSecret('Another-Pass8'));
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ detail: expect.stringContaining('Invalid or expired') });
    expect((await loginRequest(t, user.email, newPassword)).status).toBe(200);
  });

  it('a reset ends every other reset link sent before it', async () => {
    const first = tokenOf(await resetLink(user.email));
    const second = tokenOf(await resetLink(user.email));
    expect(first).not.toBe(second);
    const password = rememberSecret('Second-Link-Pass7');
    expect((await reset(second, password)).status).toBe(200);
    const stale = await reset(first, rememberSecret('First-Link-Pass7'));
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toContain('Invalid or expired');
    expect((await loginRequest(t, user.email, password)).status).toBe(200);
  });

  it('changing the password in the profile ends reset links sent before it', async () => {
    const payload = await signedUp(t, 'facility');
    const token = tokenOf(await resetLink(payload.email));
    const changed = rememberSecret('Changed-In-Profile5');
    const response = await api(t, payload.token).put('/api/users/me/password').send({ current_password: PASSWORD, new_password: changed });
    expect(response.status).toBe(200);
    expect((await reset(token, rememberSecret('Via-Old-Link5'))).status).toBe(400);
    expect((await loginRequest(t, payload.email, changed)).status).toBe(200);
  });

  it('refuses an unknown, a missing or an expired token', async () => {
    const unknown = await reset('made-up-token', 'Valid-Pass123');
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('Invalid or expired');

    expectValidation(await api(t).post('/api/auth/reset-password').query({ new_password: 'Valid-Pass123' }), [
      ['query', 'token'],
      'Invalid reset token',
    ]);

    const token = tokenOf(await resetLink(user.email));
    await t.db.query(`UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND purpose = 'reset_password'`, [
      user.userId,
    ]);
    const expired = await reset(token, 'Valid-Pass123');
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toContain('Invalid or expired');
  });

  it('a verification token cannot reset a password', async () => {
    const payload = facilityRegistration();
    const seen = mailMark(t);
    await register(t, payload);
    const token = tokenOf(linkIn(await nextEmail(t, seen, payload.email, VERIFY_SUBJECT)));
    expect((await reset(token, 'Valid-Pass123')).status).toBe(400);
    expect((await loginRequest(t, payload.email, 'Valid-Pass123')).status).toBe(401);
  });

  it('resetting from the emailed link also proves the address of an unverified account', async () => {
    const payload = applicantRegistration();
    await register(t, payload);
    const token = tokenOf(await resetLink(payload.email));
    const password = rememberSecret('Verified-By-Reset1');
    expect((await reset(token, password)).status).toBe(200);
    expect((await loginRequest(t, payload.email, password)).status).toBe(200);
  });

  it('a deactivated account gets no reset email', async () => {
    const payload = applicantRegistration();
    await register(t, payload);
    await t.db.query('UPDATE users SET is_active = false WHERE lower(email) = $1', [payload.email]);
    const seen = mailMark(t);
    expect((await requestReset(payload.email)).body).toEqual(RESET_ANSWER);
    await requestReset(user.email);
    await nextEmail(t, seen, user.email, RESET_SUBJECT);
    await sleep(1000);
    expect(t.mail.messages.filter((m) => !seen.has(m) && m.to === payload.email && RESET_SUBJECT.test(m.subject))).toEqual([]);
  });
});
