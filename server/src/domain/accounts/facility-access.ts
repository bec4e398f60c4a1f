/**
 * Facility membership: a member is an admin (holds every permission, cannot be edited) or a user
 * with six flags. The menu and page rules below are shared by the header, the pages and the API.
 * No zod here: the client's route guards import this at start-up, and zod would then be in the
 * entry bundle of every page (the answer schemas are in facility-permissions.ts).
 */

export const FACILITY_MEMBER_ROLES = ['admin', 'user'] as const;
export type FacilityMemberRole = (typeof FACILITY_MEMBER_ROLES)[number];

export const FACILITY_PERMISSION_FLAGS = [
  'can_create_jobs',
  'can_edit_jobs',
  'can_publish_jobs',
  'can_manage_bids',
  'can_manage_users',
  'can_manage_billing',
] as const;
export type FacilityPermissionFlag = (typeof FACILITY_PERMISSION_FLAGS)[number];
export type FacilityPermissionFlags = Record<FacilityPermissionFlag, boolean>;

const ALL_PERMISSIONS: FacilityPermissionFlags = {
  can_create_jobs: true,
  can_edit_jobs: true,
  can_publish_jobs: true,
  can_manage_bids: true,
  can_manage_users: true,
  can_manage_billing: true,
};

// Users work with postings and bids; people and money stay with admins unless granted.
const USER_DEFAULT_PERMISSIONS: FacilityPermissionFlags = {
  ...ALL_PERMISSIONS,
  can_manage_users: false,
  can_manage_billing: false,
};

/** The flags an invitation starts with for a role (and what choosing that role resets them to). */
export function invitePermissionDefaults(role: FacilityMemberRole): FacilityPermissionFlags {
  return role === 'admin' ? { ...ALL_PERMISSIONS } : { ...USER_DEFAULT_PERMISSIONS };
}

/** The flags that actually apply: an admin's stored flags are ignored, admins hold them all. */
export function effectivePermissions(role: FacilityMemberRole, flags: FacilityPermissionFlags): FacilityPermissionFlags {
  return role === 'admin' ? { ...ALL_PERMISSIONS } : { ...flags };
}

/** What the client needs of GET /users/me/facility-permissions. */
export interface CurrentFacilityPermissions {
  is_legacy_admin: boolean;
  role: FacilityMemberRole;
  can_manage_billing: boolean;
  can_manage_users: boolean;
}

/** Facility Users menu entry and page. */
export function canManageFacilityUsers(permissions: CurrentFacilityPermissions): boolean {
  return permissions.is_legacy_admin || permissions.role === 'admin' || permissions.can_manage_users;
}

/** Payments menu entry and page. */
export function canManageFacilityBilling(permissions: CurrentFacilityPermissions): boolean {
  return permissions.is_legacy_admin || permissions.role === 'admin' || permissions.can_manage_billing;
}

/** Editing the facility profile follows the billing permission (others get a read-only view). */
export function canEditFacilityProfile(permissions: CurrentFacilityPermissions): boolean {
  return canManageFacilityBilling(permissions);
}
