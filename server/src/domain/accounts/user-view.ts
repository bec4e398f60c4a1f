/**
 * The signed-in user as GET /users/me answers it, with the facility they are a member of or their
 * applicant record. The client keeps this as its session user.
 */
import type { UserRole, VerificationStatus } from './constants';

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

export interface UserFacility {
  id: string;
  name: string;
  verification_status: VerificationStatus;
  is_active: boolean;
  posting_credits: number;
  admin: { first_name: string | null; last_name: string | null; email: string | null };
}

/** 'pending' reads 'pending identity confirmation'. */
export interface UserApplicant {
  id: string;
  verification_status: VerificationStatus;
  is_active: boolean;
}

/** GET /users/me */
export interface UserView {
  id: string;
  email: string;
  /** A new sign-in email waiting for confirmation from that address, else null. */
  pending_email: string | null;
  role: UserRole;
  is_admin: boolean;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
  /** The full name, else the email. */
  display_name: string;
  /** ISO date-time */
  created_at: string;
  /** ISO date-time */
  updated_at: string;
  /** ISO date-time */
  last_login: string | null;
  /** The facility the user is a member of (facility_admin), else null. */
  facility: UserFacility | null;
  /** The applicant record (applicant), else null. */
  applicant: UserApplicant | null;
}

/** PUT /users/me: the user and a sentence about what happened (e.g. a confirmation link sent). */
export interface UpdatedUserView extends UserView {
  message: string;
}

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
