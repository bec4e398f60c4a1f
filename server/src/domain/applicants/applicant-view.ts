/**
 * An applicant as they read their own profile (GET /applicants/profile) and as the admin console
 * reads it (GET /admin/applicants/{id}): the applicants read model with the user's account.
 */
import { z } from 'zod';
import { APPLICANT_ROLE_TYPES, VERIFICATION_STATUSES, type VerificationStatus } from '../accounts/constants';
import type { ApplicantProfile } from './applicant';

/** One applicants row joined with the user's account; calendar dates as YYYY-MM-DD. */
export interface ApplicantRow extends Omit<ApplicantProfile, 'job_search_frequency_days'> {
  id: string;
  user_id: string;
  job_search_frequency_days: number;
  verification_status: VerificationStatus;
  is_active: boolean;
  verification_notes: string;
  created_at: Date;
  updated_at: Date;
  email: string;
  email_verified: boolean;
  user_first_name: string | null;
  user_last_name: string | null;
}

const nullableString = z.string().nullable();

/** GET and PUT /applicants/profile, GET /admin/applicants (each entry) and /admin/applicants/{id} */
export const applicantViewSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  first_name: nullableString,
  last_name: nullableString,
  role_type: z.enum(APPLICANT_ROLE_TYPES),
  license_number: nullableString,
  license_state: nullableString,
  license_expires_at: nullableString.describe('YYYY-MM-DD'),
  npi: nullableString,
  linkedin_profile: nullableString,
  experience_started_at: nullableString.describe('YYYY-MM-DD'),
  bio: nullableString,
  hourly_rate_min: z.number().nullable(),
  hourly_rate_max: z.number().nullable(),
  preferred_radius_miles: z.number(),
  address_line1: nullableString,
  address_line2: nullableString,
  city: nullableString,
  state: nullableString,
  zip_code: nullableString,
  certifications: z.array(z.string()),
  malpractice_provided: z.boolean(),
  job_search_frequency_days: z.number().int(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  is_active: z.boolean(),
  verification_notes: z.string().describe("Lines of '[ISO timestamp] text', oldest first."),
  created_at: z.string().describe('ISO date-time'),
  updated_at: z.string().describe('ISO date-time'),
  user: z
    .object({ email: nullableString, email_verified: z.boolean().nullable(), first_name: nullableString, last_name: nullableString })
    .describe("The user's account; the admin console also copes with an account without an email."),
});
export type ApplicantView = z.infer<typeof applicantViewSchema>;

export function applicantView(row: ApplicantRow): ApplicantView {
  return {
    id: row.id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    role_type: row.role_type,
    license_number: row.license_number,
    license_state: row.license_state,
    license_expires_at: row.license_expires_at,
    npi: row.npi,
    linkedin_profile: row.linkedin_profile,
    experience_started_at: row.experience_started_at,
    bio: row.bio,
    hourly_rate_min: row.hourly_rate_min,
    hourly_rate_max: row.hourly_rate_max,
    preferred_radius_miles: row.preferred_radius_miles,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    certifications: row.certifications,
    malpractice_provided: row.malpractice_provided,
    job_search_frequency_days: row.job_search_frequency_days,
    verification_status: row.verification_status,
    is_active: row.is_active,
    verification_notes: row.verification_notes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    user: { email: row.email, email_verified: row.email_verified, first_name: row.user_first_name, last_name: row.user_last_name },
  };
}
