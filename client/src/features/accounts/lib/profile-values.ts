import type { ApplicantRoleType } from '@domain/accounts/constants';
import { formatPhone } from '@domain/accounts/phone';

import type { ApplicantView } from '@domain/applicants/applicant-view';
import type { FacilityProfileView } from '@domain/facilities/facility-view';

/** The applicant's credentials as registration and the profile both edit them (nulls as empty inputs). */
export interface ApplicantCredentialValues extends Record<string, unknown> {
  role_type: ApplicantRoleType;
  license_number: string;
  license_state: string | null;
  license_expires_at: string;
  npi: string;
  linkedin_profile: string;
  experience_started_at: string;
  malpractice_provided: boolean;
}

/** The applicant profile form's values (applicantProfileSchema's input, nulls as empty inputs). */
export interface ApplicantProfileFormValues extends ApplicantCredentialValues {
  first_name: string;
  last_name: string;
  job_search_frequency_days: number;
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
}

export function applicantProfileValues(record: ApplicantView): ApplicantProfileFormValues {
  return {
    first_name: record.first_name ?? record.user?.first_name ?? '',
    last_name: record.last_name ?? record.user?.last_name ?? '',
    role_type: record.role_type,
    license_number: record.license_number ?? '',
    license_state: record.license_state,
    license_expires_at: record.license_expires_at ?? '',
    npi: record.npi ?? '',
    linkedin_profile: record.linkedin_profile ?? '',
    experience_started_at: record.experience_started_at ?? '',
    malpractice_provided: record.malpractice_provided,
    job_search_frequency_days: record.job_search_frequency_days,
    bio: record.bio ?? '',
    hourly_rate_min: record.hourly_rate_min ?? '',
    hourly_rate_max: record.hourly_rate_max ?? '',
    preferred_radius_miles: record.preferred_radius_miles,
    address_line1: record.address_line1 ?? '',
    address_line2: record.address_line2 ?? '',
    city: record.city ?? '',
    state: record.state,
    zip_code: record.zip_code ?? '',
    certifications: Array.isArray(record.certifications) ? record.certifications : [],
  };
}

/** The facility profile form's values (facilityProfileSchema's input; phone shown formatted). */
export interface FacilityProfileFormValues extends Record<string, unknown> {
  name: string;
  facility_type: string | null;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  website: string;
  npi: string;
  description: string;
}

export const emptyFacilityProfile: FacilityProfileFormValues = {
  name: '',
  facility_type: null,
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  zip_code: '',
  phone: '',
  website: '',
  npi: '',
  description: '',
};

export function facilityProfileValues(record: FacilityProfileView): FacilityProfileFormValues {
  return {
    name: record.name ?? '',
    facility_type: record.facility_type,
    address_line1: record.address_line1 ?? '',
    address_line2: record.address_line2 ?? '',
    city: record.city ?? '',
    state: record.state ?? '',
    zip_code: record.zip_code ?? '',
    phone: formatPhone(record.phone ?? ''),
    website: record.website ?? '',
    npi: record.npi ?? '',
    description: record.description ?? '',
  };
}
