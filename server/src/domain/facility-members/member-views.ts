/**
 * The shapes the team's API answers and the client shows, and the spec's display fallbacks
 * (one source for the server's views and the Facility Users page).
 */
import { z } from 'zod';
import {
  FACILITY_MEMBER_ROLES,
  facilityPermissionFlagsSchema,
  type FacilityMemberRole,
  type FacilityPermissionFlag,
} from '../accounts/facility-permissions';
import { personName } from '../shared/format';

export const personSummarySchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

/** GET /facility-users: one member. `id` is the member's user id. */
export const facilityUserViewSchema = facilityPermissionFlagsSchema.extend({
  id: z.uuid(),
  role: z.enum(FACILITY_MEMBER_ROLES),
  is_active: z.boolean(),
  created_at: z.string(),
  created_by_user: personSummarySchema.nullable(),
  user: personSummarySchema,
});
export type FacilityUserView = z.infer<typeof facilityUserViewSchema>;

/** GET /facility-user-invites: one pending invitation. */
export const facilityInvitationViewSchema = facilityPermissionFlagsSchema.extend({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(FACILITY_MEMBER_ROLES),
  expires_at: z.string(),
  expired: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  invited_by_user: personSummarySchema.nullable(),
});
export type FacilityInvitationView = z.infer<typeof facilityInvitationViewSchema>;

/** POST /facility-user-invites/validate-token (part 1 section 3 'Invitation validation response'). */
export const invitationValidationSchema = z.object({
  valid: z.boolean(),
  facility_name: z.string().nullable(),
  inviter_name: z.string().nullable(),
  role: z.enum(FACILITY_MEMBER_ROLES).nullable(),
  expired: z.boolean(),
  used: z.boolean(),
  email: z.string().nullable(),
});
export type InvitationValidation = z.infer<typeof invitationValidationSchema>;

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
