/**
 * Words of the accounts pages that the spec does not give (the spec's own messages come from
 * `accountMessages` in @domain/accounts). Written in the same tone.
 */
export const accountPageMessages = {
  availabilityCheckFailed: 'We could not check this right now. Please try again in a moment.',
  emailCheckFailed: 'We could not check this email right now. Please try again in a moment.',
  checkingEmail: 'Checking that this email is free…',
  completeAllFields: 'Fill in every field to continue.',
  facilityProfileSaved: 'Facility profile saved',
  facilityProfileCreated: 'Facility profile created',
  applicantProfileLoadFailed: 'Failed to load your profile',
  passwordNotChanged: 'Your profile was saved, but your password was not changed.',
} as const;

/** Under a new password field: the registration / password-change policy in a sentence. */
export const ACCOUNT_PASSWORD_HINT = 'At least 8 characters, with a letter and a number.';

/** Under the new password of the reset page: the reset policy in a sentence. */
export const RESET_PASSWORD_HINT = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
