import { randomInt, randomUUID } from 'node:crypto';
import { isValidNpi } from '../../server/src/domain/accounts/npi';
import type { TestApp } from './app';

/** A fresh NPI with a correct check digit. */
export function validNpi(): string {
  const body = String(randomInt(100_000_000, 999_999_999));
  for (let check = 0; check <= 9; check++) if (isValidNpi(body + check)) return body + check;
  throw new Error('unreachable: one check digit always fits');
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export const PASSWORD = 'Secret123';

export function facilityRegistration(overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('facility'),
    password: PASSWORD,
    role: 'facility_admin',
    tos_accepted: true,
    profile_data: {
      first_name: 'Dana',
      last_name: "O'Neil",
      name: 'Bayview Surgery Center',
      facility_type: 'Ambulatory Surgery Center',
      npi: validNpi(),
      website: 'bayview.example',
      address_line1: '100 Harbor Way',
      city: 'San Diego',
      state: 'CA',
      zip_code: '92101',
      phone: '6195550100',
      ...profile,
    },
    ...overrides,
  };
}

export function applicantRegistration(overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('crna'),
    password: PASSWORD,
    role: 'applicant',
    tos_accepted: true,
    profile_data: {
      first_name: 'Sam',
      last_name: 'Rivera',
      license_number: `RN${randomInt(100000, 999999)}`,
      license_state: 'CA',
      license_expires_at: '2028-06-30',
      npi: validNpi(),
      linkedin_profile: 'samrivera',
      experience_started_at: '2015-09-01',
      role_type: 'CRNA',
      malpractice_provided: true,
      job_search_frequency_days: 7,
      ...profile,
    },
    ...overrides,
  };
}

export async function register(t: TestApp, payload: Record<string, unknown>) {
  const response = await t.http().post('/api/auth/register').send(payload);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; email: string };
}

/** Follows the verification link the app emailed to `email`. */
export async function verifyByEmail(t: TestApp, email: string) {
  const link = await t.mail.linkFrom(email, /verify your email/i);
  const token = new URL(link).searchParams.get('token');
  const response = await t.http().post(`/api/auth/verify-email?token=${token}`);
  if (response.status !== 200) throw new Error(`verify failed: ${response.status} ${JSON.stringify(response.body)}`);
}

export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.http().post('/api/auth/login').type('form').send({ username: email, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.access_token;
}

/** Registers, verifies by email and signs in; returns the token and ids. */
export async function signedUp(t: TestApp, kind: 'facility' | 'applicant', profile: Record<string, unknown> = {}) {
  const payload = kind === 'facility' ? facilityRegistration({}, profile) : applicantRegistration({}, profile);
  const registered = await register(t, payload);
  await verifyByEmail(t, payload.email as string);
  const token = await login(t, payload.email as string);
  const me = await t.http().get('/api/users/me').set('Authorization', `Bearer ${token}`);
  return { token, email: payload.email as string, userId: registered.id, me: me.body, payload };
}

const adminTokens = new WeakMap<TestApp, Promise<string>>();

/** A signed-in system admin (created through ADMIN_EMAIL at start, or directly here); one sign-in per app. */
export function adminToken(t: TestApp): Promise<string> {
  let token = adminTokens.get(t);
  if (!token) {
    token = signInAdmin(t);
    adminTokens.set(t, token);
  }
  return token;
}

async function signInAdmin(t: TestApp): Promise<string> {
  const email = t.config.ADMIN_EMAIL ?? 'admin@tenens.test';
  const password = t.config.ADMIN_PASSWORD ?? 'AdminPass123';
  if (!t.config.ADMIN_EMAIL) {
    const { hashPassword } = await import('../../server/src/auth/passwords');
    await t.db.query(
      `INSERT INTO users (email, password_hash, role, is_admin, email_verified, first_name, last_name)
       VALUES ($1, $2, 'system_admin', true, true, 'Platform', 'Admin') ON CONFLICT ((lower(email))) DO NOTHING`,
      [email, await hashPassword(password)],
    );
  }
  return login(t, email, password);
}

/** A facility that signed up and was verified by an admin, optionally with posting credits. */
export async function verifiedFacility(t: TestApp, options: { credits?: number; profile?: Record<string, unknown> } = {}) {
  const account = await signedUp(t, 'facility', options.profile);
  const admin = await adminToken(t);
  const id = account.me.facility.id as string;
  const auth = { Authorization: `Bearer ${admin}` };
  const verified = await t.http().put(`/api/admin/facilities/${id}/verify?verification_status=verified`).set(auth);
  if (verified.status !== 200) throw new Error(`verify facility failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  for (let i = 0; i < (options.credits ?? 0); i++) await t.http().post(`/api/admin/facilities/${id}/add-credit`).set(auth);
  return { ...account, facilityId: id };
}

/** An applicant that signed up and was verified by an admin. */
export async function verifiedApplicant(t: TestApp, profile: Record<string, unknown> = {}) {
  const account = await signedUp(t, 'applicant', profile);
  const admin = await adminToken(t);
  const id = account.me.applicant.id as string;
  const verified = await t
    .http()
    .put(`/api/admin/applicants/${id}/verify?verification_status=verified`)
    .set('Authorization', `Bearer ${admin}`);
  if (verified.status !== 200) throw new Error(`verify applicant failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { ...account, applicantId: id };
}
