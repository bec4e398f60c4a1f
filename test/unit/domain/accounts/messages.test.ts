import {
  accountMessages,
  isInvalidOrExpiredDetail,
  licenseTaken,
  nameInvalidCharacters,
  nameRequired,
  nameTooShort,
  npiTaken,
  passwordValidationFailed,
} from '../../../../server/src/domain/accounts';

describe('account messages', () => {
  it('words the duplicate refusals with their values', () => {
    expect(accountMessages.emailTaken).toBe('This email is already registered. Please use a different email or sign in.');
    expect(npiTaken('1234567893')).toBe('NPI 1234567893 is already registered.');
    expect(licenseTaken('CA', 'RN12345')).toBe('CA license #RN12345 is already registered.');
  });

  it('words the name rules with the field label', () => {
    expect(nameRequired('First name')).toBe('First name is required');
    expect(nameTooShort('Last name')).toBe('Last name must be at least 2 characters');
    expect(nameInvalidCharacters('First name')).toBe('First name may contain only letters, spaces, hyphens and apostrophes');
  });

  it('lists failed password rules after the spec prefix', () => {
    expect(passwordValidationFailed(['Password must contain at least one number'])).toBe(
      'Password validation failed: Password must contain at least one number',
    );
  });

  it('keeps the spec strings verbatim', () => {
    expect(accountMessages.phoneInvalid).toBe("Please enter a valid 10-digit phone number that doesn't start with 0 or 1");
    expect(accountMessages.stateInvalid).toBe('Please enter a valid US state abbreviation (e.g., CA, NY, TX)');
    expect(accountMessages.applicantProfileAccessDenied).toBe('Access denied. This page is only available to applicants.');
    expect(accountMessages.invitationExpired).toBe('This invitation has expired. Please ask for a new invitation.');
    expect(accountMessages.registrationSucceeded).toBe('Registration successful! Please check your email to verify your account.');
  });

  it('recognises details that mean the reset link is no good', () => {
    expect(isInvalidOrExpiredDetail(accountMessages.resetTokenExpired)).toBe(true);
    expect(isInvalidOrExpiredDetail('Invalid or expired token')).toBe(true);
    expect(isInvalidOrExpiredDetail('Password must be at least 8 characters long')).toBe(false);
    expect(isInvalidOrExpiredDetail(undefined)).toBe(false);
  });

  it('has no two keys with the same text (one constant per message)', () => {
    const texts = Object.values(accountMessages);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
