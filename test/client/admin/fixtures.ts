import type { AdminApplicant, AdminFacility, AdminFacilityUser, RecordHistoryEntry } from '@/types/api';

export const FACILITY_ID = '0b7c3f0e-1a2b-4c3d-8e9f-000000000001';
export const APPLICANT_ID = '0b7c3f0e-1a2b-4c3d-8e9f-000000000002';

export function facility(overrides: Partial<AdminFacility> = {}): AdminFacility {
  return {
    id: FACILITY_ID,
    name: 'Bayview Surgery Center',
    facility_type: 'Ambulatory Surgery Center',
    npi: '1234567893',
    description: 'Outpatient orthopedics and GI.',
    phone: '6195550100',
    website: 'https://bayview.example',
    address_line1: '100 Harbor Way',
    address_line2: null,
    city: 'San Diego',
    state: 'CA',
    zip_code: '92101',
    verification_status: 'pending',
    is_active: true,
    posting_credits: 0,
    verification_notes: '',
    admin_user_id: 'u-1',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    admin: { first_name: 'Dana', last_name: "O'Neil", email: 'dana@bayview.example', email_verified: true },
    ...overrides,
  };
}

export function applicant(overrides: Partial<AdminApplicant> = {}): AdminApplicant {
  return {
    id: APPLICANT_ID,
    user_id: 'u-2',
    first_name: 'Sam',
    last_name: 'Rivera',
    role_type: 'CRNA',
    license_number: 'RN123456',
    license_state: 'CA',
    license_expires_at: '2028-06-30',
    npi: '1234567893',
    linkedin_profile: 'https://www.linkedin.com/in/samrivera',
    experience_started_at: '2015-09-01',
    bio: null,
    hourly_rate_min: 150,
    hourly_rate_max: 200,
    preferred_radius_miles: 50,
    address_line1: null,
    address_line2: null,
    city: 'San Diego',
    state: 'CA',
    zip_code: null,
    certifications: ['BLS', 'ACLS'],
    malpractice_provided: true,
    job_search_frequency_days: 7,
    verification_status: 'pending',
    is_active: true,
    verification_notes: '',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    user: { email: 'sam@example.com', email_verified: true, first_name: 'Sam', last_name: 'Rivera' },
    ...overrides,
  };
}

/** n applicants with distinct ids and names 'Applicant 01'...; `each` tweaks one by index. */
export function applicants(n: number, each: (index: number) => Partial<AdminApplicant> = () => ({})): AdminApplicant[] {
  return Array.from({ length: n }, (_, i) =>
    applicant({
      id: `0b7c3f0e-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      first_name: 'Applicant',
      last_name: String(i + 1).padStart(2, '0'),
      ...each(i),
    }),
  );
}

export function facilityUser(overrides: Partial<AdminFacilityUser> = {}): AdminFacilityUser {
  return {
    id: 'u-1',
    first_name: 'Dana',
    last_name: "O'Neil",
    email: 'dana@bayview.example',
    email_verified: true,
    is_active: true,
    role: 'admin',
    is_legacy_admin: false,
    user_type: 'Admin',
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function historyEntry(overrides: Partial<RecordHistoryEntry> = {}): RecordHistoryEntry {
  return {
    id: `e-${Math.random().toString(36).slice(2)}`,
    version: 0,
    type: 'FacilityRegistered',
    at: '2026-11-20T09:00:00.000Z',
    actor: { user_id: 'u-1', side: 'facility', name: null },
    data: {},
    ...overrides,
  };
}
