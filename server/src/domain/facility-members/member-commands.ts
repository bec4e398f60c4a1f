/**
 * Commands on a facility's team. Each carries `now`; those of a member managing the team name
 * the acting member, with the manage-users permission already resolved (admins hold it).
 */
import type { FacilityMemberRole, FacilityPermissionFlags } from '../accounts/facility-permissions';
import type { Command } from '../shared/events';

export interface MemberActor {
  user_id: string;
  /** is_legacy_admin, role admin or the can_manage_users flag. */
  can_manage_users: boolean;
}

interface ByMember {
  actor: MemberActor;
  now: Date;
}

interface Grant {
  role: FacilityMemberRole;
  permissions: FacilityPermissionFlags;
}

/** `email_registered`: the address already belongs to an account (read from the users table). */
export type InviteMember = Command<'InviteMember', ByMember & Grant & { invitation_id: string; email: string; email_registered: boolean }>;
export type ResendInvitation = Command<'ResendInvitation', ByMember & { invitation_id: string }>;
export type RevokeInvitation = Command<'RevokeInvitation', ByMember & { invitation_id: string }>;
/** The invited person, signing up through the link; `user_id` is their new account. */
export type AcceptInvitation = Command<'AcceptInvitation', { now: Date; invitation_id: string; user_id: string }>;
export type ChangeMemberPermissions = Command<'ChangeMemberPermissions', ByMember & Grant & { member_id: string }>;
export type RemoveMember = Command<'RemoveMember', ByMember & { member_id: string }>;

export type FacilityMemberCommand =
  InviteMember | ResendInvitation | RevokeInvitation | AcceptInvitation | ChangeMemberPermissions | RemoveMember;
