/**
 * A facility's team over its `facility-{id}` stream: members and their permissions, and the
 * invitations that bring new members in. Pure; it folds the facility's registration (the
 * founding admin) and the membership events, and passes over the stream's other events.
 * Checks run in the order who (403), what exists (404), when (409).
 */
import { effectivePermissions, type FacilityMemberRole, type FacilityPermissionFlags } from '../accounts/facility-permissions';
import { accountMessages } from '../accounts/messages';
import type { FacilityEvent } from '../facilities/facility';
import { assertNever, type StreamDecider } from '../shared/decider';
import { eventGuard } from '../shared/events';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import type { FacilityMemberCommand, MemberActor } from './member-commands';
import { FACILITY_MEMBER_EVENT_TYPES, type FacilityMemberEvent, type MemberGrant } from './member-events';

export const INVITATION_LIFETIME_DAYS = 7;
const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 86_400_000;

export const FACILITY_MEMBER_MESSAGES = {
  noPermission: "You don't have permission to manage facility users.",
  facilityNotFound: accountMessages.facilityNotFound,
  memberNotFound: 'Facility user not found',
  invitationNotFound: 'Invitation not found',
  emailTaken: accountMessages.inviteEmailTaken,
  adminNotEditable: 'Admins hold every permission; their permissions cannot be edited.',
  cannotRemoveYourself: 'You cannot remove yourself from your facility.',
  lastAdmin: "This is the facility's last admin; a facility needs at least one admin.",
  invitationExpired: accountMessages.invitationExpired,
  invitationUsed: accountMessages.invitationUsed,
  invitationInvalid: accountMessages.invitationInvalid,
  /** (ours) The link proved the address, so there is nothing to verify. */
  joined: 'Registration successful! You can now sign in.',
} as const;
const M = FACILITY_MEMBER_MESSAGES;

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface Invitation extends MemberGrant {
  invitation_id: string;
  email: string;
  invited_by: string;
  expires_at: string;
  status: InvitationStatus;
}

export interface FacilityTeam {
  exists: boolean;
  /** By user id. */
  members: Record<string, MemberGrant>;
  /** By invitation id. */
  invitations: Record<string, Invitation>;
}

/** What the team folds of a facility's stream: the registration (the founding admin) and its own events. */
export type FacilityTeamEvent = FacilityMemberEvent | Extract<FacilityEvent, { type: 'FacilityRegistered' }>;

const isTeamEvent = eventGuard<FacilityTeamEvent>(['FacilityRegistered', ...FACILITY_MEMBER_EVENT_TYPES]);

const initialState = (): FacilityTeam => ({ exists: false, members: {}, invitations: {} });

/** Expired: still pending but past its 7 days. */
export function isInvitationExpired(invitation: Pick<Invitation, 'expires_at'>, now: Date): boolean {
  return new Date(invitation.expires_at).getTime() <= now.getTime();
}

function decide(command: FacilityMemberCommand, team: FacilityTeam): FacilityMemberEvent[] {
  if (command.type === 'AcceptInvitation') return accept(command.data, team);
  const { actor, now } = command.data;
  assertManager(actor);
  if (!team.exists) throw new NotFoundError(M.facilityNotFound);
  const acted = { user_id: actor.user_id, at: now.toISOString() };
  switch (command.type) {
    case 'InviteMember': {
      const { email, role, permissions, invitation_id, email_registered } = command.data;
      if (email_registered) throw new ConflictError(M.emailTaken);
      const grant = normalisedGrant(role, permissions);
      const expires_at = expiry(now);
      const pending = pendingInvitationFor(team, email);
      // Inviting the same address again re-sends: one invitation, a new link.
      if (pending)
        return [{ type: 'FacilityInvitationResent', data: { ...acted, ...grant, invitation_id: pending.invitation_id, expires_at } }];
      return [{ type: 'FacilityMemberInvited', data: { ...acted, ...grant, invitation_id, email, expires_at } }];
    }
    case 'ResendInvitation': {
      const invitation = openInvitation(team, command.data.invitation_id);
      const grant = { role: invitation.role, permissions: invitation.permissions };
      return [
        {
          type: 'FacilityInvitationResent',
          data: { ...acted, ...grant, invitation_id: invitation.invitation_id, expires_at: expiry(now) },
        },
      ];
    }
    case 'RevokeInvitation': {
      const invitation = openInvitation(team, command.data.invitation_id);
      return [{ type: 'FacilityInvitationRevoked', data: { ...acted, invitation_id: invitation.invitation_id } }];
    }
    case 'ChangeMemberPermissions': {
      const member = existingMember(team, command.data.member_id);
      if (member.role === 'admin') throw new ConflictError(M.adminNotEditable);
      const grant = normalisedGrant(command.data.role, command.data.permissions);
      return [{ type: 'FacilityMemberPermissionsChanged', data: { ...acted, ...grant, member_id: command.data.member_id } }];
    }
    case 'RemoveMember': {
      const { member_id } = command.data;
      const member = existingMember(team, member_id);
      if (member_id === actor.user_id) throw new ConflictError(M.cannotRemoveYourself);
      if (member.role === 'admin' && adminCount(team) <= 1) throw new ConflictError(M.lastAdmin);
      return [{ type: 'FacilityMemberRemoved', data: { ...acted, member_id } }];
    }
    default:
      return assertNever(command);
  }
}

/**
 * Why an invitation cannot be accepted now (the spec's three messages), or null when it can.
 * Validation, registration and the decider ask the same question.
 */
export function invitationProblem(invitation: Invitation | undefined, now: Date): 'invalid' | 'used' | 'expired' | null {
  if (!invitation || invitation.status === 'revoked') return 'invalid';
  if (invitation.status === 'accepted') return 'used';
  if (isInvitationExpired(invitation, now)) return 'expired';
  return null;
}

export const INVITATION_PROBLEM_MESSAGES = {
  invalid: M.invitationInvalid,
  used: M.invitationUsed,
  expired: M.invitationExpired,
} as const;

function accept({ now, invitation_id, user_id }: Extract<FacilityMemberCommand, { type: 'AcceptInvitation' }>['data'], team: FacilityTeam) {
  const invitation = team.invitations[invitation_id];
  const problem = invitationProblem(invitation, now);
  if (problem === 'invalid' || !invitation) throw new NotFoundError(M.invitationInvalid);
  if (problem) throw new ConflictError(INVITATION_PROBLEM_MESSAGES[problem]);
  const { role, permissions, email, invited_by } = invitation;
  return [
    {
      type: 'FacilityInvitationAccepted',
      data: { user_id, at: now.toISOString(), invitation_id, email, invited_by, role, permissions },
    } satisfies FacilityMemberEvent,
  ];
}

function assertManager(actor: MemberActor): void {
  if (!actor.can_manage_users) throw new ForbiddenError(M.noPermission);
}

/** An admin's flags are all true whatever was sent, so the log says what applies. */
function normalisedGrant(role: FacilityMemberRole, permissions: FacilityPermissionFlags): MemberGrant {
  return { role, permissions: effectivePermissions(role, permissions) };
}

function expiry(now: Date): string {
  return new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString();
}

function pendingInvitationFor(team: FacilityTeam, email: string): Invitation | undefined {
  const wanted = email.toLowerCase();
  return Object.values(team.invitations).find((invitation) => invitation.status === 'pending' && invitation.email.toLowerCase() === wanted);
}

/** A pending invitation (expired ones too: re-sending gives them a fresh 7 days). */
function openInvitation(team: FacilityTeam, invitationId: string): Invitation {
  const invitation = team.invitations[invitationId];
  if (!invitation || invitation.status === 'revoked') throw new NotFoundError(M.invitationNotFound);
  if (invitation.status === 'accepted') throw new ConflictError(M.invitationUsed);
  return invitation;
}

function existingMember(team: FacilityTeam, memberId: string): MemberGrant {
  const member = team.members[memberId];
  if (!member) throw new NotFoundError(M.memberNotFound);
  return member;
}

function adminCount(team: FacilityTeam): number {
  return Object.values(team.members).filter((member) => member.role === 'admin').length;
}

function evolve(team: FacilityTeam, known: FacilityTeamEvent): FacilityTeam {
  switch (known.type) {
    case 'FacilityRegistered':
      return { ...team, exists: true, members: { ...team.members, [known.data.admin_user_id]: normalisedGrant('admin', ALL_FALSE) } };
    case 'FacilityMemberInvited': {
      const { invitation_id, email, role, permissions, user_id, expires_at } = known.data;
      const invitation: Invitation = { invitation_id, email, role, permissions, invited_by: user_id, expires_at, status: 'pending' };
      return withInvitation(team, invitation);
    }
    case 'FacilityInvitationResent': {
      const { invitation_id, role, permissions, user_id, expires_at } = known.data;
      const invitation = team.invitations[invitation_id];
      if (!invitation) return team;
      return withInvitation(team, { ...invitation, role, permissions, invited_by: user_id, expires_at });
    }
    case 'FacilityInvitationRevoked':
      return withStatus(team, known.data.invitation_id, 'revoked');
    case 'FacilityInvitationAccepted': {
      const { user_id, role, permissions } = known.data;
      const accepted = withStatus(team, known.data.invitation_id, 'accepted');
      return { ...accepted, members: { ...accepted.members, [user_id]: { role, permissions } } };
    }
    case 'FacilityMemberPermissionsChanged': {
      const { member_id, role, permissions } = known.data;
      return { ...team, members: { ...team.members, [member_id]: { role, permissions } } };
    }
    case 'FacilityMemberRemoved': {
      const { [known.data.member_id]: _removed, ...members } = team.members;
      return { ...team, members };
    }
    default:
      return assertNever(known);
  }
}

const ALL_FALSE: FacilityPermissionFlags = {
  can_create_jobs: false,
  can_edit_jobs: false,
  can_publish_jobs: false,
  can_manage_bids: false,
  can_manage_users: false,
  can_manage_billing: false,
};

function withInvitation(team: FacilityTeam, invitation: Invitation): FacilityTeam {
  return { ...team, invitations: { ...team.invitations, [invitation.invitation_id]: invitation } };
}

function withStatus(team: FacilityTeam, invitationId: string, status: InvitationStatus): FacilityTeam {
  const invitation = team.invitations[invitationId];
  return invitation ? withInvitation(team, { ...invitation, status }) : team;
}

export const facilityMemberDecider: StreamDecider<FacilityTeam, FacilityMemberCommand, FacilityTeamEvent> = {
  initialState,
  decide,
  evolve,
  isEvent: isTeamEvent,
};
