import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { accountMessages as m } from './messages';
import { TEXT_LIMITS } from '../shared/limits';

/**
 * Two password policies exist in the product: registration and password change ask for a letter
 * and a number; the reset-password screen asks for upper case, lower case and a digit. Each rule
 * lives here once, with its message, and both the schemas and the plain checks below use them.
 */
export interface PasswordRule {
  test: (password: string) => boolean;
  message: string;
}

const longEnough = (password: string) => password.length >= PASSWORD_MIN_LENGTH;
// An upper bound keeps hashing a password cheap; no one types more.
const notTooLong = { test: (password: string) => password.length <= TEXT_LIMITS.newPassword, message: m.passwordTooLong };

export const ACCOUNT_PASSWORD_RULES: readonly PasswordRule[] = [
  { test: longEnough, message: m.passwordTooShort },
  { test: (password) => /\p{L}/u.test(password), message: m.passwordNeedsLetter },
  { test: (password) => /\d/.test(password), message: m.passwordNeedsNumber },
  notTooLong,
];

export const RESET_PASSWORD_RULES: readonly PasswordRule[] = [
  { test: longEnough, message: m.passwordTooShort },
  {
    test: (password) => /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\d/.test(password),
    message: m.passwordNeedsMixedCase,
  },
  notTooLong,
];

/** The messages of every rule the password misses, in rule order (empty when it passes). */
export function passwordProblems(password: string, rules: readonly PasswordRule[]): string[] {
  return rules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** Registration / password-change policy: the unmet rules' messages. */
export function accountPasswordProblems(password: string): string[] {
  return passwordProblems(password, ACCOUNT_PASSWORD_RULES);
}

/** Reset-password policy: the unmet rules' messages. */
export function resetPasswordProblems(password: string): string[] {
  return passwordProblems(password, RESET_PASSWORD_RULES);
}

// Every unmet rule is reported (not just the first) so a form can list them all; an empty field
// only says the password is required.
// Only a filled-in string is checked against the rules; anything else already reads 'Password is required'.
const whenFilled = { when: (payload: z.core.ParsePayload) => typeof payload.value === 'string' && payload.value !== '' };

function passwordField(rules: readonly PasswordRule[]) {
  let schema = z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired });
  for (const rule of rules) {
    schema = schema.refine(rule.test, { error: rule.message, ...whenFilled });
  }
  return schema;
}

/** A new password under the registration policy (8+ characters, a letter, a number). */
export const accountPassword = passwordField(ACCOUNT_PASSWORD_RULES);

/** A new password under the reset policy (8+ characters, upper case, lower case, a digit). */
export const resetPassword = passwordField(RESET_PASSWORD_RULES);

/** An existing password (login, current password): only required, never judged. */
export const existingPassword = (required: string = m.passwordRequired) =>
  z.string({ error: required }).min(1, { error: required }).max(TEXT_LIMITS.existingPassword, { error: m.existingPasswordTooLong });
