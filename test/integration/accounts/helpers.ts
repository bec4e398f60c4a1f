import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { hashPassword } from '../../../server/src/auth/passwords';
import { AccessTokens } from '../../../server/src/auth/tokens';
import type { CapturedEmail } from '../../support/smtp-sink';
import { PASSWORD } from '../../support/accounts';
import type { TestApp } from '../../support/app';

/**
 * Helpers of the accounts integration tests. Every request made through `api()` checks that its
 * answer carries no password and no password hash, so that rule is asserted on every body the
 * suite receives, not only in the tests that look for it.
 */

/** Argon2 is slow on a loaded machine; each test file shares one app and few accounts. */
export const SLOW = 60_000;

/** Every plaintext password the tests send; none may ever come back. */
const secrets = new Set<string>([PASSWORD]);

export function rememberSecret(password: string): string {
  secrets.add(password);
  return password;
}

/** Throws when a response body carries a password, a password field or an argon2 hash. */
export function assertNoSecrets(response: Response): void {
  const text = response.text ?? JSON.stringify(response.body ?? null);
  const problems: string[] = [];
  if (/"password(_hash)?"\s*:/i.test(text)) problems.push('a password field');
  if (/\$argon2/i.test(text)) problems.push('an argon2 hash');
  for (const secret of secrets) if (text.includes(secret)) problems.push(`the password "${secret}"`);
  if (problems.length > 0) {
    throw new Error(
      `${response.status} answer of ${(response as unknown as { req?: { path?: string } }).req?.path ?? 'a request'} contains ${problems.join(', ')}: ${text}`,
    );
  }
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** supertest against the app, with an optional bearer token and the no-secrets check on every answer. */
export function api(t: TestApp, token?: string) {
  const call = (method: Method, path: string) => {
    const test = request(t.url)[method](path);
    if (token) test.set('Authorization', `Bearer ${token}`);
    return test.expect(assertNoSecrets);
  };
  return {
    get: (path: string) => call('get', path),
    post: (path: string) => call('post', path),
    put: (path: string) => call('put', path),
    delete: (path: string) => call('delete', path),
  };
}

/** POST /api/auth/login, form-encoded as the runtime contract says. */
export function loginRequest(t: TestApp, email: string, password: string) {
  return api(t).post('/api/auth/login').type('form').send({ username: email, password });
}

/** The event types of a stream, in order. */
export async function streamTypes(t: TestApp, stream: string): Promise<string[]> {
  const rows: { type: string }[] = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [stream]);
  return rows.map((row) => row.type);
}

export async function facilityIdOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db.query('SELECT facility_id FROM facility_members WHERE user_id = $1', [userId]);
  if (!row) throw new Error(`user ${userId} is not a facility member`);
  return row.facility_id;
}

export async function applicantIdOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db.query('SELECT id FROM applicants WHERE user_id = $1', [userId]);
  if (!row) throw new Error(`user ${userId} has no applicant record`);
  return row.id;
}

export async function userIdOf(t: TestApp, email: string): Promise<string | null> {
  const [row] = await t.db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return row?.id ?? null;
}

/** Emails received so far, to wait for the next one with `nextEmail`. */
export function mailMark(t: TestApp): Set<CapturedEmail> {
  return new Set(t.mail.messages);
}

/** Waits for an email to `to` whose subject matches and that was not in `seen`. */
export function nextEmail(t: TestApp, seen: Set<CapturedEmail>, to: string, subject: RegExp): Promise<CapturedEmail> {
  return t.mail.waitFor((m) => !seen.has(m) && m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject), 30_000);
}

/** The first link in the email's text part. */
export function linkIn(email: CapturedEmail): string {
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in "${email.subject}"`);
  return link;
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A verified facility_admin user who joins `facilityId` as a member with role `user` and the
 * given flags, written directly (the invitation flow belongs to another module). Returns a
 * token signed with the app's own AccessTokens.
 */
export async function addFacilityMember(
  t: TestApp,
  facilityId: string,
  flags: Partial<
    Record<
      'can_create_jobs' | 'can_edit_jobs' | 'can_publish_jobs' | 'can_manage_bids' | 'can_manage_users' | 'can_manage_billing',
      boolean
    >
  >,
): Promise<{ userId: string; email: string; token: string }> {
  const email = `member-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await t.db.query(
    `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
     VALUES ($1, $2, 'facility_admin', true, 'Morgan', 'Member') RETURNING id, token_version`,
    [email, await hashPassword(PASSWORD)],
  );
  const f = {
    can_create_jobs: false,
    can_edit_jobs: false,
    can_publish_jobs: false,
    can_manage_bids: false,
    can_manage_users: false,
    can_manage_billing: false,
    ...flags,
  };
  await t.db.query(
    `INSERT INTO facility_members (user_id, facility_id, role, is_legacy_admin, can_create_jobs, can_edit_jobs,
       can_publish_jobs, can_manage_bids, can_manage_users, can_manage_billing)
     VALUES ($1, $2, 'user', false, $3, $4, $5, $6, $7, $8)`,
    [
      user.id,
      facilityId,
      f.can_create_jobs,
      f.can_edit_jobs,
      f.can_publish_jobs,
      f.can_manage_bids,
      f.can_manage_users,
      f.can_manage_billing,
    ],
  );
  const token = t.app.get(AccessTokens).sign({ id: user.id, token_version: user.token_version });
  return { userId: user.id, email, token };
}

/** A 422 in the contract's list shape whose entries are exactly these (full loc, msg), in order. */
export function expectValidation(response: Response, ...entries: [(string | number)[], string][]): void {
  expect(response.status).toBe(422);
  const detail = response.body.detail as { loc: unknown[]; msg: string; type: string }[];
  expect(Array.isArray(detail)).toBe(true);
  for (const entry of detail) {
    expect(Object.keys(entry).sort()).toEqual(['loc', 'msg', 'type']);
    expect(typeof entry.type).toBe('string');
  }
  expect(detail.map(({ loc, msg }) => ({ loc, msg }))).toEqual(entries.map(([loc, msg]) => ({ loc, msg })));
}
