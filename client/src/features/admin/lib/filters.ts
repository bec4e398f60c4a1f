import { personName } from '@domain/shared/format';
import type { VerificationStatus } from '@domain/accounts/constants';
import { usStateName } from '@domain/accounts/us-states';
import { LICENSE_FILTER_LABELS, LICENSE_FILTERS, licenseStanding, type LicenseFilter } from '@domain/applicants/license-expiry';

import type { ApplicantView } from '@domain/applicants/applicant-view';
import type { FacilityView } from '@domain/facilities/facility-view';

/** Filtering of the admin lists, done on the client over the loaded rows (spec part 2 §2). */
export type VerificationFilter = 'all' | VerificationStatus;
export type ActiveFilter = 'all' | 'active' | 'inactive';
export type LicenseExpiryFilter = 'all' | LicenseFilter;

export const VERIFICATION_FILTER_OPTIONS: { value: VerificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
];

export const LICENSE_EXPIRY_FILTER_OPTIONS: { value: LicenseExpiryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...LICENSE_FILTERS.map((value) => ({ value, label: LICENSE_FILTER_LABELS[value] })),
];

export const ACTIVE_FILTER_OPTIONS: { value: ActiveFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const normalize = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

const contains = (haystack: string | null | undefined, needle: string) => normalize(haystack).includes(needle);

/** A state matches by its code ('CA', exactly) or its name ('calif'). */
function stateMatches(code: string | null | undefined, needle: string): boolean {
  if (!code) return false;
  return normalize(code) === needle || contains(usStateName(code), needle);
}

// ---------------------------------------------------------------------------------------------
// Applicants

export interface ApplicantFilters {
  name: string;
  /** City or state */
  location: string;
  licenseState: string;
  verification: VerificationFilter;
  /** Derived from verification (spec part 2 §4): active = verified, inactive = not verified. */
  active: ActiveFilter;
  /** Licenses expiring within 60 days, or expired (the shared licenseStanding rule). */
  licenseExpiry: LicenseExpiryFilter;
}

export const EMPTY_APPLICANT_FILTERS: ApplicantFilters = {
  name: '',
  location: '',
  licenseState: '',
  verification: 'all',
  active: 'all',
  licenseExpiry: 'all',
};

export function matchesApplicant(applicant: ApplicantView, filters: ApplicantFilters, now = new Date()): boolean {
  const name = normalize(filters.name);
  if (name) {
    // The applicant's own name (the account's when the profile has none), or the email.
    const names = [personName(applicant) || personName(applicant.user), applicant.user?.email ?? ''];
    if (!names.some((candidate) => contains(candidate, name))) return false;
  }
  const location = normalize(filters.location);
  if (location && !contains(applicant.city, location) && !stateMatches(applicant.state, location)) return false;
  const licenseState = normalize(filters.licenseState);
  if (licenseState && !stateMatches(applicant.license_state, licenseState)) return false;
  if (filters.verification !== 'all' && applicant.verification_status !== filters.verification) return false;
  if (filters.active === 'active' && applicant.verification_status !== 'verified') return false;
  if (filters.active === 'inactive' && applicant.verification_status === 'verified') return false;
  if (filters.licenseExpiry !== 'all' && licenseStanding(applicant.license_expires_at, now) !== filters.licenseExpiry) return false;
  return true;
}

export function filterApplicants(rows: readonly ApplicantView[], filters: ApplicantFilters): ApplicantView[] {
  const now = new Date();
  return rows.filter((row) => matchesApplicant(row, filters, now));
}

export function hasApplicantFilters(filters: ApplicantFilters): boolean {
  return (Object.keys(EMPTY_APPLICANT_FILTERS) as (keyof ApplicantFilters)[]).some(
    (key) => filters[key].trim() !== EMPTY_APPLICANT_FILTERS[key],
  );
}

const optionLabel = <V extends string>(options: { value: V; label: string }[], value: V) =>
  options.find((option) => option.value === value)?.label ?? value;

/** The collapsed search summary: what each filter is set to ('Any' / 'All' when unset). */
export function applicantFilterSummary(filters: ApplicantFilters): { label: string; value: string }[] {
  return [
    { label: 'Verification', value: optionLabel(VERIFICATION_FILTER_OPTIONS, filters.verification) },
    { label: 'Name', value: filters.name.trim() || 'Any' },
    { label: 'Location', value: filters.location.trim() || 'Any' },
    { label: 'License state', value: filters.licenseState.trim().toUpperCase() || 'Any' },
    { label: 'Active', value: optionLabel(ACTIVE_FILTER_OPTIONS, filters.active) },
    { label: 'License', value: optionLabel(LICENSE_EXPIRY_FILTER_OPTIONS, filters.licenseExpiry) },
  ];
}

// ---------------------------------------------------------------------------------------------
// Facilities

export interface FacilityFilters {
  /** Name or city */
  search: string;
  verification: VerificationFilter;
  /** The facility's is_active flag. */
  active: ActiveFilter;
}

export const EMPTY_FACILITY_FILTERS: FacilityFilters = { search: '', verification: 'all', active: 'all' };

export function matchesFacility(facility: FacilityView, filters: FacilityFilters): boolean {
  const search = normalize(filters.search);
  if (search && !contains(facility.name, search) && !contains(facility.city, search)) return false;
  if (filters.verification !== 'all' && facility.verification_status !== filters.verification) return false;
  if (filters.active === 'active' && !facility.is_active) return false;
  if (filters.active === 'inactive' && facility.is_active) return false;
  return true;
}

export function filterFacilities(rows: readonly FacilityView[], filters: FacilityFilters): FacilityView[] {
  return rows.filter((row) => matchesFacility(row, filters));
}

export function hasFacilityFilters(filters: FacilityFilters): boolean {
  return filters.search.trim() !== '' || filters.verification !== 'all' || filters.active !== 'all';
}
