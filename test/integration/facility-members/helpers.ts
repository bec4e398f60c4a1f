import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../../../server/src/auth/tokens';
import { invitePermissionDefaults, type FacilityPermissionFlags } from '../../../server/src/domain/accounts/facility-permissions';
import type { TestApp } from '../../support/app';
import { PASSWORD, uniqueEmail } from '../../support/accounts';
import { mailMark, nextEmail } from '../accounts/helpers';
import { bearer, type Facility } from '../bids/helpers';

export { bearer };

export const NO_FLAGS: FacilityPermissionFlags = {
  can_create_jobs: false,
  can_edit_jobs: false,
  can_publish_jobs: false,
  can_manage_bids: false,
  can_manage_users: false,
  can_manage_billing: false,
};

export const INVITE_SUBJECT = /invited you to join/i;

export function inviteBody(email: string, role: 'admin' | 'user' = 'user', flags: Partial<FacilityPermissionFlags> = {}) {
  return { email, role, ...invitePermissionDefaults(role), ...flags };
}

/** POST /facility-user-invites as `token`; returns the answer. */
export function invite(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.http().post('/api/facility-user-invites').set(bearer(token)).send(body);
}

/** Invites `email` and returns the token from the emailed link (after checking the link's shape). */
export async function invitedToken(
  t: TestApp,
  admin: Facility,
  email: string,
  flags: Partial<FacilityPermissionFlags> = {},
  role: 'admin' | 'user' = 'user',
) {
  const seen = mailMark(t);
  const response = await invite(t, admin.token, inviteBody(email, role, flags));
  if (response.status !== 201) throw new Error(`invite failed: ${response.status} ${JSON.stringify(response.body)}`);
  const mail = await nextEmail(t, seen, email, INVITE_SUBJECT);
  return { token: inviteTokenIn(t, mail.text), invitationId: response.body.id as string, mail };
}

export function inviteTokenIn(t: TestApp, text: string): string {
  const link = text.match(/https?:\/\/\S+\/register\?invite=\S+/)?.[0];
  if (!link || !link.startsWith(`${t.config.APP_URL}/register?invite=`)) throw new Error(`No invitation link in: ${text}`);
  return new URL(link).searchParams.get('invite') as string;
}

export function registerWithInvite(t: TestApp, inviteToken: string, overrides: Record<string, unknown> = {}) {
  return t
    .http()
    .post('/api/auth/register')
    .send({
      email: uniqueEmail('whatever'),
      password: PASSWORD,
      role: 'facility_admin',
      tos_accepted: true,
      invite_token: inviteToken,
      profile_data: { first_name: 'Casey', last_name: 'Colleague' },
      ...overrides,
    });
}

export interface Member {
  userId: string;
  email: string;
  token: string;
}

/** Someone invited by `admin` who registered through the link; a token signed for them. */
export async function joinedMember(
  t: TestApp,
  admin: Facility,
  flags: Partial<FacilityPermissionFlags> = {},
  role: 'admin' | 'user' = 'user',
): Promise<Member> {
  const email = `colleague-${randomUUID().slice(0, 8)}@example.test`;
  const { token: inviteToken } = await invitedToken(t, admin, email, flags, role);
  const response = await registerWithInvite(t, inviteToken);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { userId: response.body.id, email, token: await sign(t, response.body.id) };
}

export async function sign(t: TestApp, userId: string): Promise<string> {
  const [user] = await t.db.query('SELECT token_version FROM users WHERE id = $1', [userId]);
  return t.app.get(AccessTokens).sign({ id: userId, token_version: user.token_version });
}

export function setPermissions(
  t: TestApp,
  token: string,
  memberId: string,
  flags: Partial<FacilityPermissionFlags>,
  role: 'admin' | 'user' = 'user',
) {
  return t
    .http()
    .put(`/api/facility-users/${memberId}`)
    .set(bearer(token))
    .send({ role, ...NO_FLAGS, ...flags });
}
