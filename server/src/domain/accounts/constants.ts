/** The fixed vocabularies of accounts, as both the API and the screens spell them. */

export const USER_ROLES = ['applicant', 'facility_admin', 'system_admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_ROLE_LABELS: Record<UserRole, string> = {
  system_admin: 'System Administrator',
  facility_admin: 'Facility Administrator',
  applicant: 'Healthcare Professional',
};

/** The account type chosen on registration step 1, and the role each one registers as. */
export const ACCOUNT_TYPES = ['facility', 'applicant'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_ROLES = {
  facility: 'facility_admin',
  applicant: 'applicant',
} as const satisfies Record<AccountType, UserRole>;

/** Roles a person can register as (system admins are created at start-up, never registered). */
export const REGISTRATION_ROLES = ['facility_admin', 'applicant'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

export const APPLICANT_ROLE_TYPES = ['CRNA', 'Anesthesiologist'] as const;
export type ApplicantRoleType = (typeof APPLICANT_ROLE_TYPES)[number];
export const DEFAULT_APPLICANT_ROLE_TYPE: ApplicantRoleType = 'CRNA';

/** Choices on registration and on the facility's own profile page. */
export const FACILITY_TYPES = ['Ambulatory Surgery Center', 'Hospital', 'Pain Management Clinic', 'Specialty Clinic', 'Other'] as const;

/** Choices on the system admin's facility edit form (a different list in the product). */
export const ADMIN_FACILITY_TYPES = [
  'Hospital',
  'Surgery Center',
  'Ambulatory Surgery Center',
  'Outpatient Surgery Center',
  'Medical Center',
  'Specialty Hospital',
  'Other',
] as const;

/**
 * Every type a facility record can hold. The facility profile accepts all of them so that a
 * facility whose type an admin set from the admin list can still save its profile unchanged.
 */
export const KNOWN_FACILITY_TYPES = [
  ...FACILITY_TYPES,
  'Surgery Center',
  'Outpatient Surgery Center',
  'Medical Center',
  'Specialty Hospital',
] as const;
export type FacilityType = (typeof KNOWN_FACILITY_TYPES)[number];

/** How often an applicant gets job-search emails, in days. */
export const JOB_SEARCH_FREQUENCY = { daily: 1, weekly: 7 } as const;
export const JOB_SEARCH_FREQUENCY_DAYS = [JOB_SEARCH_FREQUENCY.daily, JOB_SEARCH_FREQUENCY.weekly] as const;
export type JobSearchFrequencyDays = (typeof JOB_SEARCH_FREQUENCY_DAYS)[number];
export const DEFAULT_JOB_SEARCH_FREQUENCY_DAYS: JobSearchFrequencyDays = JOB_SEARCH_FREQUENCY.weekly;

export const DEFAULT_PREFERRED_RADIUS_MILES = 50;

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
