/**
 * A facility as its own members (GET /facilities/profile) and the admin console (GET
 * /admin/facilities/{id}) read it: the facilities read model with its admin user.
 */
import { z } from 'zod';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../accounts/constants';
import { FACILITY_MEMBER_ROLES } from '../accounts/facility-permissions';
import type { FacilityProfile } from './facility';

/** One facilities row joined with its admin user's account. */
export interface FacilityRow extends FacilityProfile {
  id: string;
  verification_status: VerificationStatus;
  is_active: boolean;
  posting_credits: number;
  verification_notes: string;
  admin_user_id: string | null;
  created_at: Date;
  updated_at: Date;
  admin_first_name: string | null;
  admin_last_name: string | null;
  admin_email: string | null;
  admin_email_verified: boolean | null;
}

const nullableString = z.string().nullable();

/** The facility's admin user; all null when the facility has none. */
export const facilityAdminContactSchema = z.object({
  first_name: nullableString,
  last_name: nullableString,
  email: nullableString,
  email_verified: z.boolean().nullable(),
});
export type FacilityAdminContact = z.infer<typeof facilityAdminContactSchema>;

/** GET /admin/facilities (each entry) and GET /admin/facilities/{id} */
export const facilityViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  facility_type: nullableString,
  npi: nullableString,
  description: nullableString,
  phone: nullableString.describe('10 digits'),
  website: nullableString,
  address_line1: nullableString,
  address_line2: nullableString,
  city: nullableString,
  state: nullableString,
  zip_code: nullableString,
  verification_status: z.enum(VERIFICATION_STATUSES),
  is_active: z.boolean(),
  posting_credits: z.number().int(),
  verification_notes: z.string().describe("Lines of '[ISO timestamp] text', oldest first."),
  admin_user_id: nullableString,
  created_at: z.string().describe('ISO date-time'),
  updated_at: z.string().describe('ISO date-time'),
  admin: facilityAdminContactSchema,
});
export type FacilityView = z.infer<typeof facilityViewSchema>;

/** GET and PUT /facilities/profile: the facility and whether the caller may edit it. */
export const facilityProfileViewSchema = facilityViewSchema.extend({
  can_edit: z.boolean().describe('Legacy admins, member admins and members who manage billing may edit.'),
});
export type FacilityProfileView = z.infer<typeof facilityProfileViewSchema>;

export function facilityView(row: FacilityRow): FacilityView {
  return {
    id: row.id,
    name: row.name,
    facility_type: row.facility_type,
    npi: row.npi,
    description: row.description,
    phone: row.phone,
    website: row.website,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    verification_status: row.verification_status,
    is_active: row.is_active,
    posting_credits: row.posting_credits,
    verification_notes: row.verification_notes,
    admin_user_id: row.admin_user_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    admin: {
      first_name: row.admin_first_name,
      last_name: row.admin_last_name,
      email: row.admin_email,
      email_verified: row.admin_email_verified,
    },
  };
}

/** GET /admin/facilities/{id}/users: one member of the facility. */
export const facilityUserViewSchema = z.object({
  id: z.uuid(),
  first_name: nullableString,
  last_name: nullableString,
  email: z.string(),
  email_verified: z.boolean(),
  is_active: z.boolean(),
  role: z.enum(FACILITY_MEMBER_ROLES),
  is_legacy_admin: z.boolean(),
  user_type: z.enum(['Admin', 'User']),
  created_at: z.string().describe('ISO date-time'),
});
export type FacilityUserView = z.infer<typeof facilityUserViewSchema>;
