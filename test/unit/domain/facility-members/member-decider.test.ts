import { invitePermissionDefaults } from '../../../../server/src/domain/accounts/facility-permissions';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../../server/src/domain/shared/errors';
import {
  addedByLabel,
  editPermissionsTitle,
  FACILITY_MEMBER_MESSAGES as M,
  facilityMemberDecider,
  memberMay,
  memberName,
  type FacilityMemberCommand,
  type FacilityTeamEvent,
  type MemberActor,
} from '../../../../server/src/domain/facility-members';
import { deciderSpec } from '../shared/given-when-then';

const { given } = deciderSpec(facilityMemberDecider);

const NOW = new Date('2026-03-02T10:00:00.000Z');
const AT = NOW.toISOString();
const IN_7_DAYS = '2026-03-09T10:00:00.000Z';
const FOUNDER = 'user-founder';
const COLLEAGUE = 'user-colleague';
const INVITATION = 'invitation-1';
const USER_FLAGS = invitePermissionDefaults('user');
const ALL_FLAGS = invitePermissionDefaults('admin');
const NO_FLAGS = { ...USER_FLAGS, can_create_jobs: false, can_edit_jobs: false, can_publish_jobs: false, can_manage_bids: false };

const founder: MemberActor = { user_id: FOUNDER, can_manage_users: true };
const withoutPermission: MemberActor = { user_id: COLLEAGUE, can_manage_users: false };

const PROFILE = {
  name: 'Bayview Surgery Center',
  facility_type: null,
  npi: null,
  description: null,
  phone: null,
  website: null,
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  zip_code: null,
};
const registered: FacilityTeamEvent = {
  type: 'FacilityRegistered',
  data: { ...PROFILE, facility_id: 'facility-1', admin_user_id: FOUNDER, at: AT },
};
const invited: FacilityTeamEvent = {
  type: 'FacilityMemberInvited',
  data: {
    user_id: FOUNDER,
    at: AT,
    invitation_id: INVITATION,
    email: 'pat@example.test',
    role: 'user',
    permissions: USER_FLAGS,
    expires_at: IN_7_DAYS,
  },
};
const accepted: FacilityTeamEvent = {
  type: 'FacilityInvitationAccepted',
  data: {
    user_id: COLLEAGUE,
    at: AT,
    invitation_id: INVITATION,
    email: 'pat@example.test',
    invited_by: FOUNDER,
    role: 'user',
    permissions: USER_FLAGS,
  },
};

const invite = (overrides: Partial<Extract<FacilityMemberCommand, { type: 'InviteMember' }>['data']> = {}): FacilityMemberCommand => ({
  type: 'InviteMember',
  data: {
    actor: founder,
    now: NOW,
    invitation_id: 'invitation-2',
    email: 'pat@example.test',
    role: 'user',
    permissions: USER_FLAGS,
    email_registered: false,
    ...overrides,
  },
});
const acceptAt = (now: Date): FacilityMemberCommand => ({
  type: 'AcceptInvitation',
  data: { now, invitation_id: INVITATION, user_id: COLLEAGUE },
});

describe('the events it folds', () => {
  it("is the facility's registration and the membership events, not the facility's other events", () => {
    expect(facilityMemberDecider.isEvent(registered)).toBe(true);
    expect(facilityMemberDecider.isEvent(invited)).toBe(true);
    expect(facilityMemberDecider.isEvent({ type: 'FacilityVerified', data: { notes: 'ok', at: AT } })).toBe(false);
  });
});

describe('inviting a member', () => {
  it('records the invitation with who invited, the grant and a 7-day expiry', () => {
    given([registered])
      .when(invite({ invitation_id: INVITATION }))
      .then([invited]);
  });

  it('gives an admin invitation every flag whatever was sent', () => {
    given([registered])
      .when(invite({ invitation_id: INVITATION, role: 'admin', permissions: NO_FLAGS }))
      .then([{ ...invited, data: { ...(invited.data as object), role: 'admin', permissions: ALL_FLAGS } } as FacilityTeamEvent]);
  });

  it('re-sends a pending invitation to the same address (any case) with the new grant and a fresh expiry', () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    given([registered, invited])
      .when(invite({ email: 'PAT@example.test', now: later, permissions: NO_FLAGS }))
      .then([
        {
          type: 'FacilityInvitationResent',
          data: {
            user_id: FOUNDER,
            at: later.toISOString(),
            invitation_id: INVITATION,
            role: 'user',
            permissions: NO_FLAGS,
            expires_at: '2026-03-10T10:00:00.000Z',
          },
        },
      ]);
  });

  it('refuses an address that already has an account', () => {
    given([registered])
      .when(invite({ email_registered: true }))
      .thenThrows(ConflictError, M.emailTaken);
  });

  it('refuses a member without the manage-users permission', () => {
    given([registered])
      .when(invite({ actor: withoutPermission }))
      .thenThrows(ForbiddenError, M.noPermission);
  });

  it('refuses an unknown facility', () => {
    given([]).when(invite()).thenThrows(NotFoundError, M.facilityNotFound);
  });
});

describe('accepting an invitation', () => {
  it('makes the person a member with the invited role and flags', () => {
    const team = given([registered, invited]).when(acceptAt(NOW)).then([accepted]);
    expect(team.members[COLLEAGUE]).toEqual({ role: 'user', permissions: USER_FLAGS });
    expect(team.invitations[INVITATION].status).toBe('accepted');
  });

  it('refuses a used invitation', () => {
    given([registered, invited, accepted]).when(acceptAt(NOW)).thenThrows(ConflictError, M.invitationUsed);
  });

  it('refuses an expired invitation', () => {
    given([registered, invited])
      .when(acceptAt(new Date(IN_7_DAYS)))
      .thenThrows(ConflictError, M.invitationExpired);
  });

  it('refuses a revoked or unknown invitation as invalid', () => {
    const revoked: FacilityTeamEvent = {
      type: 'FacilityInvitationRevoked',
      data: { user_id: FOUNDER, at: AT, invitation_id: INVITATION },
    };
    given([registered, invited, revoked]).when(acceptAt(NOW)).thenThrows(NotFoundError, M.invitationInvalid);
    given([registered]).when(acceptAt(NOW)).thenThrows(NotFoundError, M.invitationInvalid);
  });
});

describe('resending and revoking', () => {
  const resend: FacilityMemberCommand = { type: 'ResendInvitation', data: { actor: founder, now: NOW, invitation_id: INVITATION } };
  const revoke: FacilityMemberCommand = { type: 'RevokeInvitation', data: { actor: founder, now: NOW, invitation_id: INVITATION } };

  it('re-sends with the same grant and a fresh expiry', () => {
    given([registered, invited])
      .when(resend)
      .then([
        {
          type: 'FacilityInvitationResent',
          data: { user_id: FOUNDER, at: AT, invitation_id: INVITATION, role: 'user', permissions: USER_FLAGS, expires_at: IN_7_DAYS },
        },
      ]);
  });

  it('revokes a pending invitation, after which it is gone', () => {
    const team = given([registered, invited])
      .when(revoke)
      .then([{ type: 'FacilityInvitationRevoked', data: { user_id: FOUNDER, at: AT, invitation_id: INVITATION } }]);
    expect(team.invitations[INVITATION].status).toBe('revoked');
    given([registered, invited, { type: 'FacilityInvitationRevoked', data: { user_id: FOUNDER, at: AT, invitation_id: INVITATION } }])
      .when(revoke)
      .thenThrows(NotFoundError, M.invitationNotFound);
  });

  it('refuses both on a used invitation, and for members without the permission', () => {
    given([registered, invited, accepted]).when(resend).thenThrows(ConflictError, M.invitationUsed);
    given([registered, invited, accepted]).when(revoke).thenThrows(ConflictError, M.invitationUsed);
    given([registered, invited])
      .when({ ...resend, data: { ...resend.data, actor: withoutPermission } } as FacilityMemberCommand)
      .thenThrows(ForbiddenError, M.noPermission);
  });
});

describe('changing permissions and removing members', () => {
  const change = (member_id: string, actor = founder): FacilityMemberCommand => ({
    type: 'ChangeMemberPermissions',
    data: { actor, now: NOW, member_id, role: 'user', permissions: NO_FLAGS },
  });
  const remove = (member_id: string, actor = founder): FacilityMemberCommand => ({
    type: 'RemoveMember',
    data: { actor, now: NOW, member_id },
  });

  it("changes a user's flags", () => {
    const team = given([registered, invited, accepted])
      .when(change(COLLEAGUE))
      .then([
        {
          type: 'FacilityMemberPermissionsChanged',
          data: { user_id: FOUNDER, at: AT, member_id: COLLEAGUE, role: 'user', permissions: NO_FLAGS },
        },
      ]);
    expect(team.members[COLLEAGUE].permissions).toEqual(NO_FLAGS);
  });

  it('refuses to edit an admin, an unknown member, or without the permission', () => {
    given([registered]).when(change(FOUNDER)).thenThrows(ConflictError, M.adminNotEditable);
    given([registered]).when(change('nobody')).thenThrows(NotFoundError, M.memberNotFound);
    given([registered, invited, accepted]).when(change(COLLEAGUE, withoutPermission)).thenThrows(ForbiddenError, M.noPermission);
  });

  it('removes a member', () => {
    const team = given([registered, invited, accepted])
      .when(remove(COLLEAGUE))
      .then([{ type: 'FacilityMemberRemoved', data: { user_id: FOUNDER, at: AT, member_id: COLLEAGUE } }]);
    expect(team.members[COLLEAGUE]).toBeUndefined();
  });

  it('never removes yourself, nor the last admin', () => {
    given([registered]).when(remove(FOUNDER)).thenThrows(ConflictError, M.cannotRemoveYourself);
    const manager: MemberActor = { user_id: COLLEAGUE, can_manage_users: true };
    given([registered, invited, accepted]).when(remove(FOUNDER, manager)).thenThrows(ConflictError, M.lastAdmin);
  });

  it('removes an admin while another admin remains', () => {
    const secondAdmin: FacilityTeamEvent = {
      type: 'FacilityMemberPermissionsChanged',
      data: { user_id: FOUNDER, at: AT, member_id: COLLEAGUE, role: 'admin', permissions: ALL_FLAGS },
    };
    given([registered, invited, accepted, secondAdmin])
      .when(remove(FOUNDER, { user_id: COLLEAGUE, can_manage_users: true }))
      .then([{ type: 'FacilityMemberRemoved', data: { user_id: COLLEAGUE, at: AT, member_id: FOUNDER } }]);
  });
});

describe('display rules', () => {
  it('names people with the spec fallbacks', () => {
    expect(memberName({ first_name: 'Pat', last_name: null, email: 'p@x.test' })).toBe('Pat');
    expect(memberName({ first_name: null, last_name: null, email: 'p@x.test' })).toBe('No name provided');
    expect(addedByLabel({ first_name: 'Dana', last_name: 'Lee', email: 'd@x.test' })).toBe('Dana Lee');
    expect(addedByLabel({ first_name: null, last_name: null, email: 'd@x.test' })).toBe('d@x.test');
    expect(addedByLabel(null)).toBe('System');
    expect(editPermissionsTitle({ first_name: null, last_name: null, email: null })).toBe('Unknown User');
    expect(editPermissionsTitle({ first_name: null, last_name: null, email: 'e@x.test' })).toBe('e@x.test');
  });

  it('lets admins and legacy admins do everything, users only what their flags say', () => {
    const user = {
      is_legacy_admin: false,
      role: 'user' as const,
      can_manage_billing: false,
      can_manage_users: false,
      can_manage_bids: true,
    };
    expect(memberMay(user, 'can_manage_bids')).toBe(true);
    expect(memberMay(user, 'can_create_jobs')).toBe(false);
    expect(memberMay({ ...user, role: 'admin' }, 'can_create_jobs')).toBe(true);
    expect(memberMay({ ...user, is_legacy_admin: true }, 'can_create_jobs')).toBe(true);
    expect(memberMay(null, 'can_manage_bids')).toBe(false);
  });
});
