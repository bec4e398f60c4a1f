/**
 * Column lists shared by each live projection and its in-memory fold for rebuilds
 * (`*.replay.ts`), so both write the same columns.
 */

/** facilities: the profile as the facility's events carry it. */
export const FACILITY_PROFILE_COLUMNS = [
  'name',
  'facility_type',
  'npi',
  'description',
  'phone',
  'website',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
] as const;

/** applicants: the profile as the applicant's events carry it. */
export const APPLICANT_PROFILE_COLUMNS = [
  'first_name',
  'last_name',
  'role_type',
  'license_number',
  'license_state',
  'license_expires_at',
  'npi',
  'linkedin_profile',
  'experience_started_at',
  'bio',
  'hourly_rate_min',
  'hourly_rate_max',
  'preferred_radius_miles',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
  'certifications',
  'malpractice_provided',
  'job_search_frequency_days',
] as const;

/** applicants: what a missing profile value becomes. */
export const APPLICANT_DEFAULTS: Record<string, unknown> = {
  role_type: 'CRNA',
  preferred_radius_miles: 50,
  malpractice_provided: false,
  job_search_frequency_days: 7,
  certifications: [],
};

/** bid_facilities and bid_applicants: what the bid views show of each side. */
export const BID_FACILITY_COLUMNS = ['name', 'facility_type', 'city', 'state', 'phone'] as const;
export const BID_APPLICANT_COLUMNS = ['first_name', 'last_name', 'license_state', 'experience_started_at', 'malpractice_provided'] as const;
