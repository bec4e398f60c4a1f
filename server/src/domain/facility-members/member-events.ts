/**
 * Membership events on a facility's stream (`facility-{id}`), Emmett style: `{ type, data }`.
 * Each names the acting user (`user_id`, who invited, changed or removed) and the moment (`at`).
 * The invitation's token is a secret and never appears here.
 */
import { eventGuard, type Event } from '../shared/events';
import type { FacilityMemberRole, FacilityPermissionFlags } from '../accounts/facility-permissions';

/** Who acted and when (ISO date-time from the command's `now`). */
export interface MemberActed {
  user_id: string;
  at: string;
}

/** What a member may do: a role and the six flags (an admin's flags are all true). */
export interface MemberGrant {
  role: FacilityMemberRole;
  permissions: FacilityPermissionFlags;
}

export type FacilityMemberInvited = Event<
  'FacilityMemberInvited',
  MemberActed & MemberGrant & { invitation_id: string; email: string; expires_at: string }
>;
/** A new link for a pending invitation, possibly with a new role and flags; the old link stops working. */
export type FacilityInvitationResent = Event<
  'FacilityInvitationResent',
  MemberActed & MemberGrant & { invitation_id: string; expires_at: string }
>;
export type FacilityInvitationRevoked = Event<'FacilityInvitationRevoked', MemberActed & { invitation_id: string }>;
/** `user_id` is the new member (the one who accepted); `invited_by` the member who invited them. */
export type FacilityInvitationAccepted = Event<
  'FacilityInvitationAccepted',
  MemberActed & MemberGrant & { invitation_id: string; email: string; invited_by: string }
>;
export type FacilityMemberPermissionsChanged = Event<'FacilityMemberPermissionsChanged', MemberActed & MemberGrant & { member_id: string }>;
export type FacilityMemberRemoved = Event<'FacilityMemberRemoved', MemberActed & { member_id: string }>;

export type FacilityMemberEvent =
  | FacilityMemberInvited
  | FacilityInvitationResent
  | FacilityInvitationRevoked
  | FacilityInvitationAccepted
  | FacilityMemberPermissionsChanged
  | FacilityMemberRemoved;

export const FACILITY_MEMBER_EVENT_TYPES: FacilityMemberEvent['type'][] = [
  'FacilityMemberInvited',
  'FacilityInvitationResent',
  'FacilityInvitationRevoked',
  'FacilityInvitationAccepted',
  'FacilityMemberPermissionsChanged',
  'FacilityMemberRemoved',
];

/** Tells a facility stream's membership events from its other events (profile, verification...). */
export const isFacilityMemberEvent = eventGuard<FacilityMemberEvent>(FACILITY_MEMBER_EVENT_TYPES);
