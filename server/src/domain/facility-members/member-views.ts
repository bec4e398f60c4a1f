/**
 * The shapes the team's API answers and the client shows, and the spec's display fallbacks
 * (one source for the server's views and the Facility Users page).
 */
import type {
  CurrentFacilityPermissions,
  FacilityMemberRole,
  FacilityPermissionFlag,
  FacilityPermissionFlags,
} from '../accounts/facility-permissions';
import { personName } from '../shared/format';

export interface PersonSummary {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** GET /facility-users: one member. `id` is the member's user id. */
export interface FacilityUserView extends FacilityPermissionFlags {
  id: string;
  role: FacilityMemberRole;
  is_active: boolean;
  created_at: string;
  created_by_user: PersonSummary | null;
  user: PersonSummary;
}

/** GET /facility-user-invites: one pending invitation. */
export interface FacilityInvitationView extends FacilityPermissionFlags {
  id: string;
  email: string;
  role: FacilityMemberRole;
  expires_at: string;
  expired: boolean;
  created_at: string;
  updated_at: string;
  invited_by_user: PersonSummary | null;
}

/** POST /facility-user-invites/validate-token. */
export interface InvitationValidation {
  valid: boolean;
  facility_name: string | null;
  inviter_name: string | null;
  role: FacilityMemberRole | null;
  expired: boolean;
  used: boolean;
  email: string | null;
}

/** What a socket hears when the team changed (the page and the header refetch). */
export interface TeamChangedPush {
  facility_id: string;
  /** The member whose own permissions changed or who was removed, if any. */
  member_id: string | null;
}

export const TEAM_TEXT = {
  noName: 'No name provided',
  noEmail: 'N/A',
  system: 'System',
  unknownUser: 'Unknown User',
  loading: 'Loading facility users...',
  empty: 'No facility users found.',
  loadFailed: 'Failed to load facility users',
  permissionsUpdated: 'User permissions updated successfully!',
  permissionsUpdateFailed: 'Failed to update user permissions',
  userNote: 'Users can create, edit and publish jobs and manage bids.',
} as const;

const fullName = (person: PersonSummary | null) => personName(person);

/** Name column: full name, else 'No name provided'. */
export function memberName(person: PersonSummary): string {
  return fullName(person) || TEAM_TEXT.noName;
}

/** Added By column: the creator's full name, else email, else 'System'. */
export function addedByLabel(creator: PersonSummary | null): string {
  return fullName(creator) || creator?.email || TEAM_TEXT.system;
}

/** Edit Permissions title: full name, else email, else 'Unknown User'. */
export function editPermissionsTitle(person: PersonSummary | null): string {
  return fullName(person) || person?.email || TEAM_TEXT.unknownUser;
}

/** The six flags as the Permissions column and the checkboxes name them. */
export const PERMISSION_LABELS: Record<FacilityPermissionFlag, string> = {
  can_create_jobs: 'Create jobs',
  can_edit_jobs: 'Edit jobs',
  can_publish_jobs: 'Publish jobs',
  can_manage_bids: 'Manage bids',
  can_manage_users: 'Manage users',
  can_manage_billing: 'Manage billing',
};

export const ROLE_LABELS: Record<FacilityMemberRole, string> = { admin: 'Admin', user: 'User' };

/** GET /users/me/facility-permissions answers the summary plus every flag. */
export type MemberPermissions = CurrentFacilityPermissions & Partial<FacilityPermissionFlags>;

/**
 * Whether the signed-in member holds a flag (legacy admins and admins hold all), so pages hide
 * what the server would refuse.
 */
export function memberMay(permissions: MemberPermissions | null | undefined, flag: FacilityPermissionFlag): boolean {
  if (!permissions) return false;
  return permissions.is_legacy_admin || permissions.role === 'admin' || permissions[flag] === true;
}
