import { CALENDAR_YEARS, MAX_HOURLY_RATE, MAX_RADIUS_MILES, TEXT_LIMITS } from '../shared/limits';
import { groupDigits } from '../shared/digits';

/**
 * Every account-related message people see, written once. The quoted spec strings are verbatim;
 * the ones marked "(ours)" are not in the spec and were written in the same tone.
 * Server and client both import these, so a refusal reads the same wherever it is raised.
 */
export const accountMessages = {
  // Shared field messages
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsLetter: 'Password must contain at least one letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordNeedsMixedCase: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordsDoNotMatch: 'Passwords do not match',

  // Login and verification email
  loginEmailInvalid: 'Invalid email address',
  loginFailed: 'Login failed',
  loggedIn: 'Logged in successfully!',
  loggedOut: 'Logged out successfully',
  verificationEmailSent: 'Verification email sent successfully! Please check your email.',
  verificationEmailFailed: 'Failed to send verification email',
  verificationTokenMissing: 'No verification token provided',
  emailVerificationFailed: 'Email verification failed. The link may be expired or invalid.',
  /** (ours) server detail for a bad or used verification token. */
  verificationTokenInvalid: 'Invalid or expired verification token',

  // Registration
  emailTaken: 'This email is already registered. Please use a different email or sign in.',
  tosRequired: 'You must accept the terms of service to continue',
  facilityTypeRequired: 'Please select a facility type',
  npiRequired: 'Please enter your NPI number',
  npiLength: 'NPI must be exactly 10 digits',
  /** (ours) */
  npiCheckDigit: 'This NPI is not valid. Please check the number.',
  licenseNumberRequired: 'Please enter your license number',
  fixErrorsBeforeSubmitting: 'Please fix the errors above before submitting',
  fixErrorsBeforeContinuing: 'Please fix the errors above before continuing',
  registrationSucceeded: 'Registration successful! Please check your email to verify your account.',
  registrationFailed: 'Registration failed. Please try again.',
  /** (ours) */
  accountTypeRequired: 'Please choose an account type',
  /** (ours) */
  facilityNameRequired: 'Facility name is required',
  /** (ours) */
  streetAddressRequired: 'Street address is required',
  /** (ours) */
  cityRequired: 'City is required',
  /** (ours) */
  stateRequired: 'State is required',
  /** (ours) */
  zipRequired: 'ZIP code is required',
  /** (ours) */
  zipInvalid: 'Please enter a valid ZIP code (12345 or 12345-6789)',
  /** (ours) */
  phoneRequired: 'Phone number is required',
  /** (ours) */
  licenseStateRequired: 'Please select the state that issued your license',
  /** (ours) */
  licenseExpiryRequired: 'License expiration date is required',
  /** (ours) */
  experienceStartRequired: 'Experience start date is required',
  /** (ours) */
  experienceStartInFuture: 'Experience start date cannot be in the future',
  /** (ours) */
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  /** (ours) */
  roleTypeInvalid: 'Please select a role type (CRNA or Anesthesiologist)',
  /** (ours) */
  linkedInInvalid: 'Please enter a LinkedIn username or a profile link like linkedin.com/in/username',
  /** (ours) */
  jobSearchFrequencyInvalid: 'Please choose daily or weekly job alerts',
  /** (ours) */
  inviteTokenRequired: 'Invitation token is required',

  // Invitations (registration side)
  invitationExpired: 'This invitation has expired. Please ask for a new invitation.',
  invitationUsed: 'This invitation has already been used.',
  invitationInvalid: 'Invalid invitation token.',
  invitationValidationFailed: 'Failed to validate invitation. Please try again.',

  // Forgot and reset password
  passwordResetEmailFailed: 'Failed to send password reset email',
  resetLinkInvalid: 'Invalid reset link. Please request a new password reset.',
  resetTokenInvalid: 'Invalid reset token',
  resetFailed: 'Failed to reset password. Please try again.',
  /** (ours) server detail for a bad or used reset token; contains the marker below on purpose. */
  resetTokenExpired: 'Invalid or expired reset token',
  /** A reset failure whose detail contains this shows the Invalid Reset Link screen. */
  invalidOrExpiredMarker: 'Invalid or expired',

  // Own profile
  passwordFieldsAllRequired: 'All password fields are required when changing password',
  newPasswordsDoNotMatch: 'New passwords do not match',
  /** (ours) */
  currentPasswordRequired: 'Current password is required',
  userDetailsLoadFailed: 'Failed to load user details',
  userDetailsNotFound: 'User details not found',
  profileUpdateFailed: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully',
  profileAndPasswordUpdated: 'Profile and password updated successfully',

  // Facility profile
  requiredFieldsMissing: 'Please fill in all required fields',
  phoneInvalid: "Please enter a valid 10-digit phone number that doesn't start with 0 or 1",
  stateInvalid: 'Please enter a valid US state abbreviation (e.g., CA, NY, TX)',
  websiteInvalid: 'Please enter a valid website URL starting with http:// or https://',
  facilityProfileLoadFailed: 'Failed to load facility profile',
  facilityProfileSaveFailed: 'Failed to save facility profile. Please try again.',
  facilityProfileReadOnly: 'Read-only view',
  facilityProfileNoPermission: "You don't have permission to edit the facility profile.",
  facilityNotFound: 'Facility not found',

  // Facility invitations (facility users page)
  inviteEmailTaken: 'A user with this email address is already registered. Please contact them directly or use a different email address.',
  inviteEmailCheckFailed: 'Unable to verify email. Please try again.',
  inviteFixEmailError: 'Please fix the email error before sending invitation',
  inviteAdminNote: 'Admins automatically have all permissions.',
  invitationSent: 'Invitation sent successfully!',
  invitationSendFailed: 'Failed to send invitation',
  /** (ours) */
  facilityMemberRoleInvalid: 'Please choose a role: User or Admin',

  // Applicant profile
  applicantProfileAccessDenied: 'Access denied. This page is only available to applicants.',
  applicantNotFound: 'Applicant not found',
  verificationPending: 'pending identity confirmation',
  /** (ours) */
  hourlyRateRangeInvalid: 'Maximum hourly rate cannot be less than the minimum hourly rate',
  /** (ours) */
  preferredRadiusInvalid: 'Preferred travel radius must be a whole number of miles, at least 1',
  /** (ours) */
  certificationInvalid: 'Certifications cannot be blank',
  /** (ours) */
  certificationsTooMany: `List at most ${TEXT_LIMITS.certifications} certifications`,
  /** (ours) */
  preferredRadiusTooLarge: `Preferred travel radius must be at most ${groupDigits(MAX_RADIUS_MILES)} miles`,
  /** (ours) */
  dateOutOfRange: `Please enter a date between ${CALENDAR_YEARS.min} and ${CALENDAR_YEARS.max}`,
  /** (ours) */
  passwordTooLong: `Password must be at most ${TEXT_LIMITS.newPassword} characters long`,
  /** (ours) */
  existingPasswordTooLong: `Password must be at most ${TEXT_LIMITS.existingPassword} characters long`,
} as const;

/** (ours) Any bounded text: `label` is e.g. 'City'. */
export function textTooLong(label: string, max: number): string {
  return `${label} must be at most ${groupDigits(max)} characters`;
}

/** (ours) Hourly rates: `label` is e.g. 'Minimum hourly rate'. */
export function hourlyRateTooHigh(label: string): string {
  return `${label} must be at most $${groupDigits(MAX_HOURLY_RATE)}`;
}

/** Registration: the NPI belongs to another account. */
export function npiTaken(npi: string): string {
  return `NPI ${npi} is already registered.`;
}

/** Registration: the license number is already used in that state. */
export function licenseTaken(state: string, licenseNumber: string): string {
  return `${state} license #${licenseNumber} is already registered.`;
}

/** (ours) Person names: `label` is e.g. 'First name'. */
export function nameRequired(label: string): string {
  return `${label} is required`;
}

/** (ours) */
export function nameTooShort(label: string): string {
  return `${label} must be at least 2 characters`;
}

/** (ours) */
export function nameInvalidCharacters(label: string): string {
  return `${label} may contain only letters, spaces, hyphens and apostrophes`;
}

/** (ours) Hourly rates: `label` is e.g. 'Minimum hourly rate'. */
export function hourlyRateInvalid(label: string): string {
  return `${label} must be a whole number of dollars, 0 or more`;
}

/** Own profile: the spec's prefix followed by each unmet password rule. */
export function passwordValidationFailed(problems: readonly string[]): string {
  return `Password validation failed: ${problems.join(', ')}`;
}

/** True when a reset failure's detail means the link itself is no good (Invalid Reset Link screen). */
export function isInvalidOrExpiredDetail(detail: string | null | undefined): boolean {
  return typeof detail === 'string' && detail.includes(accountMessages.invalidOrExpiredMarker);
}
