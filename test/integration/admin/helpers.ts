import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../server/src/auth/passwords';
import {
  postingDecider,
  postingStream,
  type FacilityMember,
  type JobPostingInput,
  type PostingCommand,
} from '../../../server/src/domain/postings';
import { CommandBus } from '../../../server/src/platform/command-bus';
import type { TestApp } from '../../support/app';
import { login, uniqueEmail } from '../../support/accounts';
import { jobForm } from '../../support/postings';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An ISO instant as the server writes it (`Date.toISOString()`). */
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A UUID that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The notes line the projections write for each lifecycle event: '[ISO timestamp] text'. */
export const noteLine = (text: string) => new RegExp(`^\\[\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\] ${escapeRegExp(text)}$`);

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The lines of a verification_notes column, each checked against `texts` in order. */
export function expectNotes(notes: string, texts: string[]): void {
  const lines = notes === '' ? [] : notes.split('\n');
  expect(lines).toHaveLength(texts.length);
  lines.forEach((line, i) => expect(line).toMatch(noteLine(texts[i])));
}

/** The contract's 422 body with exactly these issues. */
export function validation(...issues: [location: string, field: string, msg: string][]) {
  return { detail: issues.map(([location, field, msg]) => expect.objectContaining({ loc: [location, field], msg })) };
}

/**
 * A signed-in system admin whose own email address is not verified: the row is made directly in
 * SQL (a real argon2 hash) and signed in for real (admins may sign in unverified, to see the
 * console's 'Email Verification Required' notice).
 */
export async function unverifiedAdmin(t: TestApp, names: { first_name?: string | null; last_name?: string | null } = {}) {
  const email = uniqueEmail('new-admin');
  const password = 'AdminPass123';
  await t.db.query(
    `INSERT INTO users (email, password_hash, role, is_admin, email_verified, first_name, last_name)
     VALUES ($1, $2, 'system_admin', true, false, $3, $4)`,
    [
      email,
      await hashPassword(password),
      names.first_name === undefined ? 'Nora' : names.first_name,
      names.last_name === undefined ? 'Newhire' : names.last_name,
    ],
  );
  const token = await login(t, email, password);
  return { email, token };
}

/** A second member of a facility (role 'user' with the job flags), its token by signing in. */
export async function facilityUser(t: TestApp, facilityId: string) {
  const email = `member-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'MemberPass123';
  const [user] = await t.db.query(
    `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
     VALUES ($1, $2, 'facility_admin', true, 'Robin', 'Member') RETURNING id`,
    [email, await hashPassword(password)],
  );
  await t.db.query(
    `INSERT INTO facility_members (user_id, facility_id, role, can_create_jobs, can_edit_jobs, can_publish_jobs, can_manage_bids)
     VALUES ($1, $2, 'user', true, true, true, true)`,
    [user.id, facilityId],
  );
  return { userId: user.id as string, email, token: await login(t, email, password) };
}

/** Ids of the public search's first 100 postings. */
export async function searchIds(t: TestApp): Promise<string[]> {
  const response = await t.http().get('/api/job-postings?limit=100');
  if (response.status !== 200) throw new Error(`search failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.job_postings.map((posting: { id: string }) => posting.id);
}

/**
 * A posting created and published through the posting decider at a chosen moment (the API only
 * takes "now"): published 40 days ago with the default one-month period, it has expired.
 */
export async function expiredPosting(t: TestApp, facility: { userId: string; facilityId: string }, title = 'Expired job'): Promise<string> {
  const bus = t.app.get(CommandBus);
  const id = randomUUID();
  const now = new Date(Date.now() - 40 * 86_400_000);
  const actor: FacilityMember = {
    user_id: facility.userId,
    facility_id: facility.facilityId,
    permissions: { can_create_jobs: true, can_edit_jobs: true, can_publish_jobs: true },
    facility: { verification_status: 'verified', is_active: true },
  };
  const metadata = { actor: { user_id: facility.userId, side: 'facility' as const, name: "Dana O'Neil" } };
  const form = { ...jobForm({ title }), auto_expire_date: null } as JobPostingInput;
  const run = (command: PostingCommand) => bus.handle(postingStream(id), postingDecider, command, metadata);
  await run({ type: 'CreatePosting', data: { actor, now, posting_id: id, form } });
  await run({ type: 'PublishPosting', data: { actor, now, facility_credits: 1 } });
  return id;
}
