/**
 * Shapes of the API answers the client relies on (spec part 1 §3, part 2 §3). Vocabularies come
 * from the shared domain modules (`@domain/*`), so client and server spell them the same way.
 */
import type { UserRole, VerificationStatus } from '@domain/accounts/constants';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';

export type { UserRole, VerificationStatus };

/** What a route or a menu entry may require. 'admin' means `is_admin`. */
export type AccessRole = 'applicant' | 'facility_admin' | 'admin';

export interface PersonName {
  first_name: string | null;
  last_name: string | null;
}

/** GET /users/me */
export interface CurrentUser extends PersonName {
  id: string;
  email: string;
  role: UserRole;
  is_admin: boolean;
  email_verified: boolean;
  created_at?: string;
  updated_at?: string;
  last_login?: string | null;
  /** The facility the user is a member of (facility_admin), else null. */
  facility: {
    id?: string;
    name: string;
    verification_status?: VerificationStatus;
    is_active?: boolean;
    posting_credits?: number;
    admin: (PersonName & { email?: string | null }) | null;
  } | null;
  /** The applicant profile (applicant), else null. 'pending' reads 'pending identity confirmation'. */
  applicant: { id?: string; verification_status: VerificationStatus; is_active?: boolean } | null;
}

/** GET /users/me/facility-permissions (facility_admin only) */
export type FacilityPermissions = CurrentFacilityPermissions;

/** POST /auth/login */
export interface AccessToken {
  access_token: string;
  token_type: string;
}

/** One entry of a 422 answer's `detail` list. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}
