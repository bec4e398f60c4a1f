/**
 * What the signed-in member may do, without the team's schemas (member-views.ts): the job page
 * asks it for every reader, most of whom are not members.
 */
import type { CurrentFacilityPermissions, FacilityPermissionFlag, FacilityPermissionFlags } from '../accounts/facility-permissions';

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
