/**
 * A facility as its own members (GET /facilities/profile) and the admin console (GET
 * /admin/facilities/{id}) read it: the facilities read model with its admin user.
 */
import type { VerificationStatus } from '../accounts/constants';

/** One facilities row joined with its admin user's account. */
export interface FacilityRow {
  id: string;
  name: string;
  facility_type: string | null;
  npi: string | null;
  description: string | null;
  phone: string | null;
  website: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
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

/** The facility's admin user; all null when the facility has none. */
export interface FacilityAdminContact {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  email_verified: boolean | null;
}

/** GET /admin/facilities (each entry) and GET /admin/facilities/{id} */
export interface FacilityView {
  id: string;
  name: string;
  facility_type: string | null;
  npi: string | null;
  description: string | null;
  /** 10 digits */
  phone: string | null;
  website: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  verification_status: VerificationStatus;
  is_active: boolean;
  posting_credits: number;
  /** Lines of '[ISO timestamp] text', oldest first. */
  verification_notes: string;
  admin_user_id: string | null;
  /** ISO date-time */
  created_at: string;
  /** ISO date-time */
  updated_at: string;
  admin: FacilityAdminContact;
}

/** GET and PUT /facilities/profile: the facility and whether the caller may edit it. */
export interface FacilityProfileView extends FacilityView {
  /** Legacy admins, member admins and members who manage billing may edit. */
  can_edit: boolean;
}

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
export interface FacilityUserView {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  email_verified: boolean;
  is_active: boolean;
  role: 'admin' | 'user';
  is_legacy_admin: boolean;
  /** 'Admin' or 'User' */
  user_type: 'Admin' | 'User';
  /** ISO date-time */
  created_at: string;
}
