import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../../../server/src/auth/tokens';
import {
  applicantDecider,
  applicantStream,
  type ApplicantCommand,
  type ApplicantProfile,
} from '../../../server/src/domain/applicants/applicant';
import { facilityDecider, facilityStream, type FacilityCommand } from '../../../server/src/domain/facilities/facility';
import {
  postingDecider,
  postingStream,
  type FacilityMember,
  type JobPostingInput,
  type PostingCommand,
} from '../../../server/src/domain/postings';
import type { EventMetadata } from '../../../server/src/eventstore/event-store.port';
import { CommandBus } from '../../../server/src/platform/command-bus';
import type { TestApp } from '../../support/app';
import { adminToken, applicantRegistration, facilityRegistration, uniqueEmail, verifiedFacility } from '../../support/accounts';
import { activePosting, jobForm } from '../../support/postings';

export interface Facility {
  token: string;
  email: string;
  userId: string;
  facilityId: string;
}

export interface Applicant {
  token: string;
  email: string;
  userId: string;
  applicantId: string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const ADMIN = { actor: { user_id: null, side: 'admin' as const, name: 'Test Admin' } };

/** An account row and a token for it, as registration and login would leave them. */
async function account(t: TestApp, role: 'applicant' | 'facility_admin', email: string, first: string, last: string) {
  const [user] = await t.db.query(
    `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
     VALUES ($1, 'not-a-hash', $2, true, $3, $4) RETURNING id, token_version`,
    [email, role, first, last],
  );
  return { userId: user.id as string, token: t.app.get(AccessTokens).sign({ id: user.id, token_version: user.token_version }) };
}

/**
 * A verified applicant made through the applicant's stream, as registration and an admin's
 * verification make it, without the argon2 hashing and email round trips of the HTTP path
 * (support/accounts.ts's verifiedApplicant takes over a second). Same events, same read models.
 */
export async function quickApplicant(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  options: { verified?: boolean } = {},
): Promise<Applicant> {
  const { email, profile_data: p } = applicantRegistration({}, overrides) as { email: string; profile_data: Record<string, any> };
  const { userId, token } = await account(t, 'applicant', email, p.first_name, p.last_name);
  const applicantId = randomUUID();
  const profile: ApplicantProfile = {
    first_name: p.first_name,
    last_name: p.last_name,
    role_type: p.role_type,
    license_number: p.license_number,
    license_state: p.license_state,
    license_expires_at: p.license_expires_at,
    npi: p.npi,
    linkedin_profile: null,
    experience_started_at: p.experience_started_at,
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
    malpractice_provided: p.malpractice_provided,
    job_search_frequency_days: 7,
  };
  const run = (command: ApplicantCommand, metadata: EventMetadata) =>
    t.app.get(CommandBus).handle(applicantStream(applicantId), applicantDecider, command, metadata);
  const self = { actor: { user_id: userId, side: 'applicant' as const, name: `${p.first_name} ${p.last_name}` } };
  await run({ type: 'RegisterApplicant', data: { applicant_id: applicantId, user_id: userId, profile, now: new Date() } }, self);
  if (options.verified !== false) {
    await run(
      { type: 'VerifyApplicant', data: { admin: { email_verified: true }, notes: 'Verified by Test Admin', now: new Date() } },
      ADMIN,
    );
  }
  return { token, email, userId, applicantId };
}

/** A verified facility made through its stream (see quickApplicant), its admin a legacy admin. */
export async function quickFacility(t: TestApp, options: { credits?: number } = {}): Promise<Facility> {
  const { email, profile_data: p } = facilityRegistration() as { email: string; profile_data: Record<string, any> };
  const { userId, token } = await account(t, 'facility_admin', email, p.first_name, p.last_name);
  const facilityId = randomUUID();
  await t.db.query(
    `INSERT INTO facility_members (user_id, facility_id, role, is_legacy_admin, can_create_jobs, can_edit_jobs,
       can_publish_jobs, can_manage_bids, can_manage_users, can_manage_billing)
     VALUES ($1, $2, 'admin', true, true, true, true, true, true, true)`,
    [userId, facilityId],
  );
  const profile = {
    name: p.name,
    facility_type: p.facility_type,
    npi: p.npi,
    description: null,
    phone: p.phone,
    website: null,
    address_line1: p.address_line1,
    address_line2: null,
    city: p.city,
    state: p.state,
    zip_code: p.zip_code,
  };
  const run = (command: FacilityCommand, metadata: EventMetadata) =>
    t.app.get(CommandBus).handle(facilityStream(facilityId), facilityDecider, command, metadata);
  const self = { actor: { user_id: userId, side: 'facility' as const, name: `${p.first_name} ${p.last_name}` } };
  await run({ type: 'RegisterFacility', data: { facility_id: facilityId, admin_user_id: userId, profile, now: new Date() } }, self);
  await run({ type: 'VerifyFacility', data: { admin: { email_verified: true }, notes: 'Verified by Test Admin', now: new Date() } }, ADMIN);
  for (let i = 0; i < (options.credits ?? 0); i++) await run({ type: 'AddPostingCredit', data: { now: new Date() } }, ADMIN);
  return { token, email, userId, facilityId };
}

/** A verified facility with credits for a few postings, and one active posting of it. */
export async function facilityWithPosting(t: TestApp, overrides: Record<string, unknown> = {}, options: { quick?: boolean } = {}) {
  const facility: Facility = options.quick ? await quickFacility(t, { credits: 3 }) : await verifiedFacility(t, { credits: 3 });
  const postingId = await activePosting(t, facility.token, overrides);
  return { facility, postingId };
}

export async function submitBid(t: TestApp, token: string, postingId: string, rate = 190) {
  return t.http().post('/api/job-bids').set(bearer(token)).send({ job_posting_id: postingId, proposed_rate: rate });
}

/** Submits and insists on 201; returns the bid's id. */
export async function placedBid(t: TestApp, token: string, postingId: string, rate = 190): Promise<string> {
  const response = await submitBid(t, token, postingId, rate);
  if (response.status !== 201) throw new Error(`bid failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

export function act(t: TestApp, token: string, bidId: string, action: string, counterRate?: number) {
  const query = counterRate === undefined ? '' : `?counter_rate=${counterRate}`;
  return t.http().put(`/api/job-bids/${bidId}/${action}${query}`).set(bearer(token));
}

/**
 * A posting created and published through the domain at a chosen moment (the API only takes
 * "now"): published long ago with the default one-month period gives an expired posting, and an
 * explicit auto_expire_date a posting that expires soon.
 */
export async function postingViaDomain(
  t: TestApp,
  facility: Facility,
  options: { now?: Date; auto_expire_date?: string | null; publish?: boolean } = {},
): Promise<string> {
  const bus = t.app.get(CommandBus);
  const id = randomUUID();
  const now = options.now ?? new Date();
  const actor: FacilityMember = {
    user_id: facility.userId,
    facility_id: facility.facilityId,
    permissions: { can_create_jobs: true, can_edit_jobs: true, can_publish_jobs: true },
    facility: { verification_status: 'verified', is_active: true },
  };
  const metadata = { actor: { user_id: facility.userId, side: 'facility' as const, name: 'Test Facility' } };
  const form = { ...jobForm(), auto_expire_date: options.auto_expire_date ?? null } as JobPostingInput;
  const run = (command: PostingCommand) => bus.handle(postingStream(id), postingDecider, command, metadata);
  await run({ type: 'CreatePosting', data: { actor, now, posting_id: id, form } });
  if (options.publish !== false) await run({ type: 'PublishPosting', data: { actor, now, facility_credits: 1 } });
  return id;
}

/** Published 40 days ago with the default one-month period: expired about ten days ago. */
export function expiredPosting(t: TestApp, facility: Facility): Promise<string> {
  return postingViaDomain(t, facility, { now: new Date(Date.now() - 40 * 86_400_000) });
}

/** A member of the facility with role 'user' and the given flags, and a token for it. */
export async function facilityMember(t: TestApp, facilityId: string, flags: { can_manage_bids: boolean }) {
  const [user] = await t.db.query(
    `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
     VALUES ($1, 'not-a-hash', 'facility_admin', true, 'Morgan', 'Member') RETURNING id, token_version`,
    [uniqueEmail('member')],
  );
  await t.db.query(
    `INSERT INTO facility_members (user_id, facility_id, role, can_create_jobs, can_edit_jobs, can_publish_jobs, can_manage_bids)
     VALUES ($1, $2, 'user', true, true, true, $3)`,
    [user.id, facilityId, flags.can_manage_bids],
  );
  return { userId: user.id as string, token: t.app.get(AccessTokens).sign({ id: user.id, token_version: user.token_version }) };
}

export async function deactivateApplicant(t: TestApp, applicantId: string) {
  const admin = await adminToken(t);
  const response = await t
    .http()
    .put(`/api/admin/applicants/${applicantId}/status`)
    .set(bearer(admin))
    .send({ is_active: false, notes: 'Licence lapsed' });
  if (response.status !== 200) throw new Error(`deactivate failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Reads a bid's stream straight from the log. */
export async function bidEvents(t: TestApp, bidId: string): Promise<string[]> {
  const rows = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [`bid-${bidId}`]);
  return rows.map((row: { type: string }) => row.type);
}

export async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
