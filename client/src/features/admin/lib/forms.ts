import type { ApplicantView } from '@domain/applicants/applicant-view';
import type { FacilityView } from '@domain/facilities/facility-view';

/** The admin edit forms' values, made from a loaded record (Cancel goes back to exactly these). */

export type FacilityFormValues = {
  name: string;
  facility_type: string | null;
  npi: string;
  /** digits only, at most 10 */
  phone: string;
  website: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string | null;
  zip_code: string;
  description: string;
};

export function facilityFormValues(facility: FacilityView): FacilityFormValues {
  return {
    name: facility.name ?? '',
    facility_type: facility.facility_type ?? null,
    npi: facility.npi ?? '',
    phone: (facility.phone ?? '').replace(/\D/g, '').slice(0, 10),
    website: facility.website ?? '',
    address_line1: facility.address_line1 ?? '',
    address_line2: facility.address_line2 ?? '',
    city: facility.city ?? '',
    state: facility.state ?? null,
    zip_code: facility.zip_code ?? '',
    description: facility.description ?? '',
  };
}

export type ApplicantFormValues = {
  first_name: string;
  last_name: string;
  role_type: 'CRNA' | 'Anesthesiologist';
  license_number: string;
  license_state: string | null;
  /** YYYY-MM-DD */
  license_expires_at: string;
  npi: string;
  linkedin_profile: string;
  /** YYYY-MM-DD */
  experience_started_at: string;
  bio: string;
  hourly_rate_min: number | '';
  hourly_rate_max: number | '';
  preferred_radius_miles: number | '';
  address_line1: string;
  address_line2: string;
  city: string;
  state: string | null;
  zip_code: string;
  certifications: string[];
  malpractice_provided: boolean;
  job_search_frequency_days: 1 | 7;
};

/** YYYY-MM-DD from a date or a time stamp (the list answers time stamps, the detail dates). */
function calendarDate(value: string | null | undefined): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}

export function applicantFormValues(applicant: ApplicantView): ApplicantFormValues {
  return {
    first_name: applicant.first_name ?? '',
    last_name: applicant.last_name ?? '',
    role_type: applicant.role_type === 'Anesthesiologist' ? 'Anesthesiologist' : 'CRNA',
    license_number: applicant.license_number ?? '',
    license_state: applicant.license_state ?? null,
    license_expires_at: calendarDate(applicant.license_expires_at),
    npi: applicant.npi ?? '',
    linkedin_profile: applicant.linkedin_profile ?? '',
    experience_started_at: calendarDate(applicant.experience_started_at),
    bio: applicant.bio ?? '',
    hourly_rate_min: applicant.hourly_rate_min ?? '',
    hourly_rate_max: applicant.hourly_rate_max ?? '',
    preferred_radius_miles: applicant.preferred_radius_miles ?? '',
    address_line1: applicant.address_line1 ?? '',
    address_line2: applicant.address_line2 ?? '',
    city: applicant.city ?? '',
    state: applicant.state ?? null,
    zip_code: applicant.zip_code ?? '',
    certifications: Array.isArray(applicant.certifications) ? applicant.certifications : [],
    malpractice_provided: applicant.malpractice_provided === true,
    job_search_frequency_days: Number(applicant.job_search_frequency_days) === 1 ? 1 : 7,
  };
}

/** Phone field: digits only, at most 10; shown as (123) 456-7890 once all 10 are there. */
export function phoneInputValue(digits: string, format: (value: string) => string): string {
  return digits.length === 10 ? format(digits) : digits;
}
