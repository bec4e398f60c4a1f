/**
 * The signed-in user as GET /users/me answers it, with the facility they are a member of or their
 * applicant record. The client keeps this as its session user.
 */
import { z } from 'zod';
import { USER_ROLES, VERIFICATION_STATUSES, type UserRole, type VerificationStatus } from './constants';

/** One users row with the active membership's facility (and its admin) and the applicant record. */
export interface UserRow {
  id: string;
  email: string;
  pending_email: string | null;
  role: UserRole;
  is_admin: boolean;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
  updated_at: Date;
  last_login: Date | null;
  previous_login: Date | null;
  facility_id: string | null;
  facility_name: string | null;
  facility_verification_status: VerificationStatus | null;
  facility_is_active: boolean | null;
  facility_posting_credits: number | null;
  facility_admin_first_name: string | null;
  facility_admin_last_name: string | null;
  facility_admin_email: string | null;
  applicant_id: string | null;
  applicant_verification_status: VerificationStatus | null;
  applicant_is_active: boolean | null;
}

const nullableString = z.string().nullable();

export const userFacilitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  is_active: z.boolean(),
  posting_credits: z.number().int(),
  admin: z.object({ first_name: nullableString, last_name: nullableString, email: nullableString }),
});
export type UserFacility = z.infer<typeof userFacilitySchema>;

/** 'pending' reads 'pending identity confirmation'. */
export const userApplicantSchema = z.object({
  id: z.uuid(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  is_active: z.boolean(),
});
export type UserApplicant = z.infer<typeof userApplicantSchema>;

/** GET /users/me */
export const userViewSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  pending_email: nullableString.describe('A new sign-in email waiting for confirmation from that address, else null.'),
  role: z.enum(USER_ROLES),
  is_admin: z.boolean(),
  email_verified: z.boolean(),
  first_name: nullableString,
  last_name: nullableString,
  display_name: z.string().describe('The full name, else the email.'),
  created_at: z.string().describe('ISO date-time'),
  updated_at: z.string().describe('ISO date-time'),
  last_login: nullableString.describe('ISO date-time'),
  first_sign_in: z.boolean().describe('True during the first session: no sign-in before the current one.'),
  facility: userFacilitySchema.nullable().describe('The facility the user is a member of (facility_admin), else null.'),
  applicant: userApplicantSchema.nullable().describe('The applicant record (applicant), else null.'),
});
export type UserView = z.infer<typeof userViewSchema>;

/** PUT /users/me: the user and a sentence about what happened (e.g. a confirmation link sent). */
export const updatedUserViewSchema = userViewSchema.extend({ message: z.string() });
export type UpdatedUserView = z.infer<typeof updatedUserViewSchema>;

export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    email: row.email,
    pending_email: row.pending_email,
    role: row.role,
    is_admin: row.is_admin,
    email_verified: row.email_verified,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_login: row.last_login?.toISOString() ?? null,
    first_sign_in: row.previous_login === null,
    facility: userFacility(row),
    applicant: userApplicant(row),
  };
}

function userFacility(row: UserRow): UserFacility | null {
  if (!row.facility_id) return null;
  return {
    id: row.facility_id,
    // A member's facility always has its read-model row, so these are set with facility_id.
    name: row.facility_name ?? '',
    verification_status: row.facility_verification_status ?? 'pending',
    is_active: row.facility_is_active ?? false,
    posting_credits: row.facility_posting_credits ?? 0,
    admin: { first_name: row.facility_admin_first_name, last_name: row.facility_admin_last_name, email: row.facility_admin_email },
  };
}

function userApplicant(row: UserRow): UserApplicant | null {
  if (!row.applicant_id) return null;
  return {
    id: row.applicant_id,
    verification_status: row.applicant_verification_status ?? 'pending',
    is_active: row.applicant_is_active ?? false,
  };
}
