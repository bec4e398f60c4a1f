import { z } from 'zod';
import { FACILITY_MEMBER_ROLES, FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlag } from './facility-permissions';
import { emailField } from './fields';
import { accountMessages as m } from './messages';
import { TEXT_LIMITS } from '../shared/limits';

/** The email field of the Invite User modal. */
export const inviteEmailSchema = z.object({
  email: emailField(),
});
export type InviteEmailValues = z.input<typeof inviteEmailSchema>;

const permissionFlagsShape = Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
  FacilityPermissionFlag,
  z.ZodBoolean
>;

/**
 * PUT /facility-users/{id}: a member's role and six flags. For role admin the stored flags do
 * not matter; apply effectivePermissions() when acting on them.
 */
export const facilityMemberPermissionsSchema = z.object({
  role: z.enum(FACILITY_MEMBER_ROLES, { error: m.facilityMemberRoleInvalid }),
  ...permissionFlagsShape,
});
export type FacilityMemberPermissions = z.output<typeof facilityMemberPermissionsSchema>;

/** POST /facility-user-invites: email, role and six flags (start from invitePermissionDefaults). */
export const facilityInviteSchema = facilityMemberPermissionsSchema.extend({
  email: emailField(),
});
export type FacilityInviteValues = z.input<typeof facilityInviteSchema>;
export type FacilityInvite = z.output<typeof facilityInviteSchema>;

/** POST /facility-user-invites/validate-token body. */
export const inviteTokenSchema = z.object({
  token: z
    .string({ error: m.invitationInvalid })
    .trim()
    .min(1, { error: m.invitationInvalid })
    .max(TEXT_LIMITS.token, { error: m.invitationInvalid }),
});
export type InviteToken = z.output<typeof inviteTokenSchema>;
