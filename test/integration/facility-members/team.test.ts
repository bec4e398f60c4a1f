import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { facilityStream } from '../../../server/src/domain/facilities/facility';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { PASSWORD, uniqueEmail } from '../../support/accounts';
import { accountMessages } from '../../../server/src/domain/accounts/messages';
import { FACILITY_MEMBER_MESSAGES as M, facilityMemberDecider } from '../../../server/src/domain/facility-members';
import { expectValidation, loginRequest, mailMark, nextEmail, SLOW } from '../accounts/helpers';
import { quickApplicant, quickFacility, type Facility } from '../bids/helpers';
import {
  bearer,
  invite,
  inviteBody,
  invitedToken,
  inviteTokenIn,
  INVITE_SUBJECT,
  joinedMember,
  NO_FLAGS,
  registerWithInvite,
  setPermissions,
} from './helpers';

jest.setTimeout(SLOW * 2);

let t: TestApp;
let admin: Facility;
let adminName: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await quickFacility(t);
  const [row] = await t.db.query('SELECT first_name, last_name FROM users WHERE id = $1', [admin.userId]);
  adminName = `${row.first_name} ${row.last_name}`;
});

afterAll(async () => {
  await t?.close();
});

const get = (path: string, token: string) => t.http().get(path).set(bearer(token));
const validate = (token: string) => t.http().post('/api/facility-user-invites/validate-token').send({ token });

describe('GET /facility-users', () => {
  it("lists the facility's founding admin with every field of the spec", async () => {
    const response = await get('/api/facility-users', admin.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        id: admin.userId,
        role: 'admin',
        is_active: true,
        created_at: expect.any(String),
        created_by_user: null,
        user: { first_name: 'Dana', last_name: "O'Neil", email: admin.email },
        can_create_jobs: true,
        can_edit_jobs: true,
        can_publish_jobs: true,
        can_manage_bids: true,
        can_manage_users: true,
        can_manage_billing: true,
      },
    ]);
  });
});

describe('inviting', () => {
  it('emails a register link naming the facility and the inviter, and validates it', async () => {
    const email = uniqueEmail('invitee');
    const seen = mailMark(t);
    const response = await invite(t, admin.token, inviteBody(email, 'user', { can_manage_billing: true }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      email,
      role: 'user',
      expires_at: expect.any(String),
      expired: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      invited_by_user: { first_name: 'Dana', last_name: "O'Neil", email: admin.email },
      can_create_jobs: true,
      can_edit_jobs: true,
      can_publish_jobs: true,
      can_manage_bids: true,
      can_manage_users: false,
      can_manage_billing: true,
    });
    const days = (new Date(response.body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await nextEmail(t, seen, email, INVITE_SUBJECT);
    expect(mail.subject).toBe(`${adminName} invited you to join Bayview Surgery Center on Tenens`);
    expect(mail.text).toContain('Bayview Surgery Center');
    const token = inviteTokenIn(t, mail.text);

    const pending = await get('/api/facility-user-invites', admin.token);
    expect(pending.body.map((row: { email: string }) => row.email)).toContain(email);

    const validation = await validate(token);
    expect(validation.status).toBe(200);
    expect(validation.body).toEqual({
      valid: true,
      facility_name: 'Bayview Surgery Center',
      inviter_name: adminName,
      role: 'user',
      expired: false,
      used: false,
      email,
    });
    // The token is a secret: never in the log, only its hash in the token table.
    const logged = await t.db.query(`SELECT 1 FROM events WHERE data::text LIKE $1 OR metadata::text LIKE $1`, [`%${token}%`]);
    expect(logged).toEqual([]);
    const stored = await t.db.query('SELECT 1 FROM facility_invitation_tokens WHERE token_hash = $1', [token]);
    expect(stored).toEqual([]);
  });

  it('re-sends a pending invitation with a new link; the old link stops working', async () => {
    const email = uniqueEmail('twice');
    const first = await invitedToken(t, admin, email);
    const second = await invitedToken(t, admin, email.toUpperCase().replace('@EXAMPLE.TEST', '@example.test'), { can_manage_bids: false });
    expect(second.invitationId).toBe(first.invitationId);
    expect(second.token).not.toBe(first.token);
    expect((await validate(first.token)).body).toMatchObject({ valid: false, expired: false, used: false, email: null });
    expect((await validate(second.token)).body).toMatchObject({ valid: true, email });
    const pending = await get('/api/facility-user-invites', admin.token);
    const rows = pending.body.filter((row: { id: string }) => row.id === first.invitationId);
    expect(rows).toEqual([expect.objectContaining({ can_manage_bids: false })]);
    expect((await registerWithInvite(t, first.token)).body).toEqual({ detail: accountMessages.invitationInvalid });
  });

  it('re-sends from the pending list (POST /facility-user-invites/{id}/resend)', async () => {
    const email = uniqueEmail('resend');
    const first = await invitedToken(t, admin, email);
    const seen = mailMark(t);
    const response = await t.http().post(`/api/facility-user-invites/${first.invitationId}/resend`).set(bearer(admin.token));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: first.invitationId, email });
    const token = inviteTokenIn(t, (await nextEmail(t, seen, email, INVITE_SUBJECT)).text);
    expect((await validate(first.token)).body.valid).toBe(false);
    expect((await validate(token)).body.valid).toBe(true);
  });

  it('refuses an address that already has an account', async () => {
    const response = await invite(t, admin.token, inviteBody(admin.email.toUpperCase()));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: accountMessages.inviteEmailTaken });
  });

  it('answers 422 in the list shape for a bad email or role', async () => {
    expectValidation(await invite(t, admin.token, { ...inviteBody('not-an-email') }), [
      ['body', 'email'],
      'Please enter a valid email address',
    ]);
    expectValidation(await invite(t, admin.token, { ...inviteBody(uniqueEmail()), role: 'owner' }), [
      ['body', 'role'],
      accountMessages.facilityMemberRoleInvalid,
    ]);
  });

  it('revokes a pending invitation: gone from the list, its link invalid', async () => {
    const email = uniqueEmail('revoked');
    const { token, invitationId } = await invitedToken(t, admin, email);
    const response = await t.http().delete(`/api/facility-user-invites/${invitationId}`).set(bearer(admin.token));
    expect(response.status).toBe(204);
    const pending = await get('/api/facility-user-invites', admin.token);
    expect(pending.body.map((row: { id: string }) => row.id)).not.toContain(invitationId);
    expect((await validate(token)).body).toEqual({
      valid: false,
      facility_name: null,
      inviter_name: null,
      role: null,
      expired: false,
      used: false,
      email: null,
    });
    const again = await t.http().delete(`/api/facility-user-invites/${invitationId}`).set(bearer(admin.token));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: M.invitationNotFound });
    const resend = await t.http().post(`/api/facility-user-invites/${invitationId}/resend`).set(bearer(admin.token));
    expect(resend.status).toBe(404);
  });

  it('answers valid: false for an unknown link and 422 for a missing one', async () => {
    expect((await validate('no-such-token')).body).toMatchObject({ valid: false, used: false, expired: false });
    expectValidation(await t.http().post('/api/facility-user-invites/validate-token').send({}), [
      ['body', 'token'],
      accountMessages.invitationInvalid,
    ]);
  });
});

describe('registering with an invitation', () => {
  it('joins the facility with the invited address, role and flags, verified, and tells the admins', async () => {
    const email = uniqueEmail('joiner');
    const { token } = await invitedToken(t, admin, email, { can_create_jobs: false, can_manage_billing: true });
    const seen = mailMark(t);
    const response = await registerWithInvite(t, token, { email: uniqueEmail('typed-otherwise') });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), email, role: 'facility_admin', message: M.joined });

    const login = await loginRequest(t, email, PASSWORD);
    expect(login.status).toBe(200);
    const memberToken = login.body.access_token;
    const permissions = await get('/api/users/me/facility-permissions', memberToken);
    expect(permissions.body).toMatchObject({
      facility_id: admin.facilityId,
      role: 'user',
      is_legacy_admin: false,
      can_create_jobs: false,
      can_edit_jobs: true,
      can_publish_jobs: true,
      can_manage_bids: true,
      can_manage_users: false,
      can_manage_billing: true,
    });
    const me = await get('/api/users/me', memberToken);
    expect(me.body).toMatchObject({ email, email_verified: true, role: 'facility_admin', facility: { id: admin.facilityId } });

    const members = await get('/api/facility-users', admin.token);
    expect(members.body).toContainEqual(
      expect.objectContaining({
        id: response.body.id,
        role: 'user',
        user: { first_name: 'Casey', last_name: 'Colleague', email },
        created_by_user: { first_name: 'Dana', last_name: "O'Neil", email: admin.email },
        can_create_jobs: false,
        can_manage_billing: true,
      }),
    );
    const note = await nextEmail(t, seen, admin.email, /joined Bayview Surgery Center/);
    expect(note.text).toContain(email);

    expect((await validate(token)).body).toMatchObject({ valid: false, used: true, email });
    const again = await registerWithInvite(t, token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: accountMessages.invitationUsed });
    const pending = await get('/api/facility-user-invites', admin.token);
    expect(pending.body.map((row: { email: string }) => row.email)).not.toContain(email);
  });

  it('refuses an expired invitation with the spec message, creating nothing', async () => {
    const email = uniqueEmail('late');
    const seen = mailMark(t);
    // Invited eight days ago: the invitation and its link expired after seven.
    await t.app.get(CommandBus).handle(
      facilityStream(admin.facilityId),
      facilityMemberDecider,
      {
        type: 'InviteMember',
        data: {
          actor: { user_id: admin.userId, can_manage_users: true },
          now: new Date(Date.now() - 8 * 86_400_000),
          invitation_id: randomUUID(),
          email,
          role: 'user',
          permissions: { ...NO_FLAGS, can_manage_bids: true },
          email_registered: false,
        },
      },
      { actor: { user_id: admin.userId, side: 'facility', name: adminName } },
    );
    const token = inviteTokenIn(t, (await nextEmail(t, seen, email, INVITE_SUBJECT)).text);
    expect((await validate(token)).body).toMatchObject({ valid: false, expired: true, used: false, email, role: 'user' });
    const response = await registerWithInvite(t, token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: accountMessages.invitationExpired });
    expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
    const pending = await get('/api/facility-user-invites', admin.token);
    expect(pending.body).toContainEqual(expect.objectContaining({ email, expired: true }));
  });
});

describe('changing permissions and removing members', () => {
  it("updates a user's flags, effective on the member's next request", async () => {
    const member = await joinedMember(t, admin, { can_create_jobs: false });
    expect((await get('/api/users/me/facility-permissions', member.token)).body.can_manage_billing).toBe(false);
    const response = await setPermissions(t, admin.token, member.userId, { can_manage_billing: true, can_manage_bids: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: member.userId, role: 'user', ...NO_FLAGS, can_manage_billing: true, can_manage_bids: true });
    expect((await get('/api/users/me/facility-permissions', member.token)).body).toMatchObject({
      ...NO_FLAGS,
      can_manage_billing: true,
      can_manage_bids: true,
    });
  });

  it('refuses to edit an admin (409), an unknown member (404) and bad input (422)', async () => {
    const other = await setPermissions(t, admin.token, admin.userId, {});
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ detail: M.adminNotEditable });
    const unknown = await setPermissions(t, admin.token, '00000000-0000-4000-8000-000000000000', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: M.memberNotFound });
    expect((await setPermissions(t, admin.token, 'not-an-id', {})).status).toBe(404);
    const bad = await t
      .http()
      .put(`/api/facility-users/${admin.userId}`)
      .set(bearer(admin.token))
      .send({ role: 'boss', ...NO_FLAGS });
    expectValidation(bad, [['body', 'role'], accountMessages.facilityMemberRoleInvalid]);
  });

  it('removes a member, whose token stops working at once', async () => {
    const member = await joinedMember(t, admin);
    const response = await t.http().delete(`/api/facility-users/${member.userId}`).set(bearer(admin.token));
    expect(response.status).toBe(204);
    expect((await get('/api/users/me', member.token)).status).toBe(401);
    const members = await get('/api/facility-users', admin.token);
    expect(members.body.map((row: { id: string }) => row.id)).not.toContain(member.userId);
    const again = await t.http().delete(`/api/facility-users/${member.userId}`).set(bearer(admin.token));
    expect(again.status).toBe(404);
  });

  it('never removes yourself, nor the last admin', async () => {
    const self = await t.http().delete(`/api/facility-users/${admin.userId}`).set(bearer(admin.token));
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ detail: M.cannotRemoveYourself });
    const manager = await joinedMember(t, admin, { can_manage_users: true });
    const last = await t.http().delete(`/api/facility-users/${admin.userId}`).set(bearer(manager.token));
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ detail: M.lastAdmin });
  });

  it('lets a second admin remove the first', async () => {
    const other = await quickFacility(t);
    const second = await joinedMember(t, other, {}, 'admin');
    const response = await t.http().delete(`/api/facility-users/${other.userId}`).set(bearer(second.token));
    expect(response.status).toBe(204);
    expect((await get('/api/users/me', other.token)).status).toBe(401);
  });
});

describe('who may manage the team', () => {
  it('refuses members without can_manage_users, applicants and strangers on every endpoint', async () => {
    const member = await joinedMember(t, admin, { can_manage_users: false });
    const applicant = await quickApplicant(t);
    const someone = '00000000-0000-4000-8000-000000000000';
    const calls = [
      (token: string) => get('/api/facility-users', token),
      (token: string) => get('/api/facility-user-invites', token),
      (token: string) => invite(t, token, inviteBody(uniqueEmail())),
      (token: string) => t.http().post(`/api/facility-user-invites/${someone}/resend`).set(bearer(token)),
      (token: string) => t.http().delete(`/api/facility-user-invites/${someone}`).set(bearer(token)),
      (token: string) => setPermissions(t, token, someone, {}),
      (token: string) => t.http().delete(`/api/facility-users/${someone}`).set(bearer(token)),
    ];
    for (const call of calls) {
      expect((await call(member.token)).status).toBe(403);
      expect((await call(applicant.token)).status).toBe(403);
      expect((await call('not-a-token')).status).toBe(401);
    }
  });

  it('lets a user with can_manage_users manage the team', async () => {
    const manager = await joinedMember(t, admin, { can_manage_users: true });
    expect((await get('/api/facility-users', manager.token)).status).toBe(200);
    const response = await invite(t, manager.token, inviteBody(uniqueEmail('by-manager')));
    expect(response.status).toBe(201);
    expect(response.body.invited_by_user).toMatchObject({ first_name: 'Casey', last_name: 'Colleague' });
  });
});
