import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../../../server/src/auth/tokens';
import type { TestApp } from '../../support/app';
import { adminToken } from '../../support/accounts';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export type Flags = Partial<Record<'can_create_jobs' | 'can_edit_jobs' | 'can_publish_jobs' | 'can_manage_bids', boolean>>;

/**
 * A second member of a facility, made directly in SQL (role 'user', the given flags, the rest
 * false), with a token signed by the app itself.
 */
export async function facilityUser(t: TestApp, facilityId: string, flags: Flags = {}, firstName = 'Robin') {
  const [user] = await t.db.query(
    `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
     VALUES ($1, 'not-a-real-hash', 'facility_admin', true, $2, 'Member') RETURNING id, token_version`,
    [`member-${randomUUID().slice(0, 8)}@example.test`, firstName],
  );
  await t.db.query(
    `INSERT INTO facility_members (user_id, facility_id, role, can_create_jobs, can_edit_jobs, can_publish_jobs, can_manage_bids)
     VALUES ($1, $2, 'user', $3, $4, $5, $6)`,
    [
      user.id,
      facilityId,
      flags.can_create_jobs ?? false,
      flags.can_edit_jobs ?? false,
      flags.can_publish_jobs ?? false,
      flags.can_manage_bids ?? false,
    ],
  );
  return { userId: user.id as string, token: t.app.get(AccessTokens).sign(user) };
}

/** Suspends (false) or activates (true) a facility through the admin console's API. */
export async function setFacilityActive(t: TestApp, facilityId: string, isActive: boolean): Promise<void> {
  const admin = await adminToken(t);
  const response = await t
    .http()
    .put(`/api/admin/facilities/${facilityId}/status`)
    .set(bearer(admin))
    .send({ is_active: isActive, notes: isActive ? 'Back in good standing' : 'Unpaid invoices' });
  if (response.status !== 200) throw new Error(`status change failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** The types of the events appended to a stream, in order. */
export async function streamEvents(t: TestApp, stream: string): Promise<{ type: string; data: any }[]> {
  return t.db.query('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_version', [stream]);
}

/** Ids of everything the public search returns (first 100, newest first). */
export async function searchIds(t: TestApp, query = ''): Promise<string[]> {
  const response = await t.http().get(`/api/job-postings?limit=100${query ? `&${query}` : ''}`);
  if (response.status !== 200) throw new Error(`search failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.job_postings.map((posting: { id: string }) => posting.id);
}

export async function postingCredits(t: TestApp, token: string): Promise<number> {
  const me = await t.http().get('/api/users/me').set(bearer(token));
  return me.body.facility.posting_credits;
}

/** A 422 body with exactly these field messages (loc in the body). */
export function validationErrors(errors: Record<string, string>) {
  return {
    detail: Object.entries(errors).map(([field, msg]) => expect.objectContaining({ loc: ['body', ...field.split('.')], msg })),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
