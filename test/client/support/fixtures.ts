import { setSession } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';
import type { UserView } from '@domain/accounts/user-view';
import type { ApplicantView } from '@domain/applicants/applicant-view';
import type { FacilityProfileView } from '@domain/facilities/facility-view';

/** What every GET /users/me answer carries besides who the user is. */
const account = {
  pending_email: null,
  created_at: '2025-03-04T15:00:00.000Z',
  updated_at: '2025-03-04T15:00:00.000Z',
  last_login: null,
  first_sign_in: false,
} as const;

export const applicant: UserView = {
  ...account,
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a01',
  email: 'casey.rivera@example.com',
  role: 'applicant',
  is_admin: false,
  first_name: 'Casey',
  last_name: 'Rivera',
  display_name: 'Casey Rivera',
  email_verified: true,
  facility: null,
  applicant: { id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0b01', verification_status: 'verified', is_active: true },
};

export const facilityMember: UserView = {
  ...account,
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a02',
  email: 'morgan.lee@lakeside.example.com',
  role: 'facility_admin',
  is_admin: false,
  first_name: 'Morgan',
  last_name: 'Lee',
  display_name: 'Morgan Lee',
  email_verified: true,
  facility: {
    id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0c02',
    name: 'Lakeside Surgery Center',
    verification_status: 'pending',
    is_active: true,
    posting_credits: 0,
    admin: { first_name: 'Morgan', last_name: 'Lee', email: 'morgan.lee@lakeside.example.com' },
  },
  applicant: null,
};

export const systemAdmin: UserView = {
  ...account,
  id: '6f1d1a52-3c55-4d0e-9a43-7c1f1c2b0a03',
  email: 'admin@example.com',
  role: 'system_admin',
  is_admin: true,
  first_name: null,
  last_name: null,
  display_name: 'admin@example.com',
  email_verified: true,
  facility: null,
  applicant: null,
};

export function permissions(overrides: Partial<CurrentFacilityPermissions> = {}): CurrentFacilityPermissions {
  return { is_legacy_admin: false, role: 'user', can_manage_billing: false, can_manage_users: false, ...overrides };
}

/** Stores a session as if the user had logged in earlier (local storage + store). */
export function signInAs(user: UserView, token = `token-of-${user.role}`): string {
  setSession({ token, user });
  return token;
}

/** The applicant's own record (GET /applicants/profile), a pending CRNA unless `overrides` say otherwise. */
export function applicantProfile(overrides: Partial<ApplicantView> = {}): ApplicantView {
  return {
    id: 'a1',
    user_id: applicant.id,
    first_name: 'Casey',
    last_name: 'Rivera',
    role_type: 'CRNA',
    license_number: 'RN-55821',
    license_state: 'CA',
    license_expires_at: '2028-06-30',
    npi: '1234567893',
    linkedin_profile: null,
    experience_started_at: '2015-09-01',
    bio: null,
    hourly_rate_min: null,
    hourly_rate_max: null,
    preferred_radius_miles: 50,
    address_line1: null,
    address_line2: null,
    city: null,
    state: null,
    zip_code: null,
    certifications: [],
    malpractice_provided: true,
    job_search_frequency_days: 7,
    verification_status: 'pending',
    is_active: true,
    verification_notes: '',
    created_at: account.created_at,
    updated_at: account.updated_at,
    user: { email: applicant.email, email_verified: true, first_name: 'Casey', last_name: 'Rivera' },
    ...overrides,
  };
}

/** The facility's record as its members read it (GET /facilities/profile), verified and editable. */
export function facilityProfile(overrides: Partial<FacilityProfileView> = {}): FacilityProfileView {
  return {
    id: 'f1',
    name: 'Lakeside Surgery Center',
    facility_type: 'Ambulatory Surgery Center',
    npi: '1234567893',
    description: null,
    phone: '5035550134',
    website: null,
    address_line1: '12 Harbor Way',
    address_line2: null,
    city: 'Portland',
    state: 'OR',
    zip_code: '97201',
    verification_status: 'verified',
    is_active: true,
    posting_credits: 0,
    verification_notes: '',
    admin_user_id: facilityMember.id,
    created_at: account.created_at,
    updated_at: account.updated_at,
    admin: { first_name: 'Morgan', last_name: 'Lee', email: facilityMember.email, email_verified: true },
    can_edit: true,
    ...overrides,
  };
}
