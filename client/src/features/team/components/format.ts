import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlags } from '@domain/accounts/facility-permissions';
import { PERMISSION_LABELS } from '@domain/facility-members';

export { formatDate } from '@domain/shared/format';

/** The Permissions column: admins hold all; users list their flags. */
export function permissionSummary(role: 'admin' | 'user', flags: FacilityPermissionFlags): string {
  if (role === 'admin') return 'All permissions';
  const held = FACILITY_PERMISSION_FLAGS.filter((flag) => flags[flag]).map((flag) => PERMISSION_LABELS[flag]);
  return held.length > 0 ? held.join(', ') : 'No permissions';
}
