/** The answer schemas of facility membership; the rules themselves are in facility-access.ts. */
import { z } from 'zod';

import { FACILITY_MEMBER_ROLES } from './facility-access';

export * from './facility-access';

/** The six flags as an answer carries them. */
export const facilityPermissionFlagsSchema = z.object({
  can_create_jobs: z.boolean(),
  can_edit_jobs: z.boolean(),
  can_publish_jobs: z.boolean(),
  can_manage_bids: z.boolean(),
  can_manage_users: z.boolean(),
  can_manage_billing: z.boolean(),
});

/** GET /users/me/facility-permissions: the caller's membership of their facility. */
export const facilityMembershipSchema = facilityPermissionFlagsSchema.extend({
  facility_id: z.uuid(),
  role: z.enum(FACILITY_MEMBER_ROLES),
  is_legacy_admin: z.boolean(),
});
export type FacilityMembership = z.infer<typeof facilityMembershipSchema>;
