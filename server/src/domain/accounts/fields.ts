import { z } from 'zod';
import { isCalendarDate, isNotInFuture } from './calendar-date';
import {
  APPLICANT_ROLE_TYPES,
  DEFAULT_APPLICANT_ROLE_TYPE,
  DEFAULT_JOB_SEARCH_FREQUENCY_DAYS,
  JOB_SEARCH_FREQUENCY_DAYS,
  NAME_MIN_LENGTH,
} from './constants';
import { isLinkedInProfileUrl, isValidWebsite, normalizeLinkedIn, normalizeWebsite } from './links';
import { CALENDAR_YEARS, MAX_HOURLY_RATE, TEXT_LIMITS } from '../shared/limits';
import {
  accountMessages as m,
  hourlyRateInvalid,
  hourlyRateTooHigh,
  nameInvalidCharacters,
  nameRequired,
  nameTooShort,
  textTooLong,
} from './messages';
import { hasNpiFormat, isValidNpi } from './npi';
import { digitsOnly, isValidPhone } from './phone';
import { isUsState } from './us-states';
import { isZipCode } from './zip-code';

/**
 * Field schemas the forms and payloads are built from, so each rule and message is written once.
 * Conventions: text is trimmed before it is judged; each field reports its first failing rule
 * only (passwords excepted, see password.ts); "required" messages are parameters because the same
 * rule is worded differently on different screens (e.g. the facility profile's single
 * 'Please fill in all required fields').
 */

/**
 * Check option: run only while the field has no issue yet, so a field reports its first failing
 * rule. zod's `abort: true` would do that too, but an explicit abort also stops object-level
 * checks (such as "Passwords do not match") from running while the field is wrong.
 */
export const ifValidSoFar = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/** A length bound of a text field: `label` names it in the message ('City'). */
export interface TextBound {
  label: string;
  max: number;
}

/** Trimmed text that must not be empty, and (when bounded) not longer than the bound. */
export function requiredText(required: string, bound?: TextBound) {
  const text = z.string({ error: required }).trim().min(1, { error: required });
  return bound ? text.max(bound.max, { error: textTooLong(bound.label, bound.max), ...ifValidSoFar }) : text;
}

/** Trimmed text; empty or missing becomes null (the API clears the value). */
export const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null);

/** Optional trimmed text of at most `bound.max` characters; empty or missing becomes null. */
export function optionalTextUpTo(bound: TextBound) {
  return optionalText.pipe(
    z
      .string()
      .max(bound.max, { error: textTooLong(bound.label, bound.max) })
      .nullable(),
  );
}

/** Makes a text field optional: empty or missing becomes null, anything else must pass `field`. */
export function optional<Out>(field: z.ZodType<Out, string>) {
  return optionalText.pipe(field.nullable());
}

// A pragmatic address shape: no spaces, one @, a dotted domain ending in a 2+ letter TLD.
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;

/** True when the (trimmed) text looks like an email address. */
export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_ADDRESS.test(trimmed);
}

/**
 * An email address, trimmed and lower-cased (accounts are looked up case-insensitively).
 * The invalid message differs between login ('Invalid email address') and everywhere else.
 */
export function emailField(invalid: string = m.emailInvalid, required: string = m.emailRequired) {
  return requiredText(required)
    .toLowerCase()
    .refine(isEmailAddress, { error: invalid, ...ifValidSoFar });
}

// Letters of any script (with their accents), spaces, hyphens, straight and curly apostrophes.
const NAME_CHARACTERS = /^[\p{L}\p{M} '’-]+$/u;

/** A first or last name; `label` names it in messages ('First name'). */
export function personName(label: string) {
  return requiredText(nameRequired(label))
    .min(NAME_MIN_LENGTH, { error: nameTooShort(label), ...ifValidSoFar })
    .max(TEXT_LIMITS.personName, { error: textTooLong(label, TEXT_LIMITS.personName), ...ifValidSoFar })
    .regex(NAME_CHARACTERS, { error: nameInvalidCharacters(label), ...ifValidSoFar });
}

/** A name that may be left empty (becomes null), but must follow the name rules when given. */
export function optionalPersonName(label: string) {
  return optional(personName(label));
}

/** A US state code; lower case is accepted and stored upper-cased. */
export function usStateField(required: string = m.stateRequired) {
  return requiredText(required)
    .toUpperCase()
    .refine(isUsState, { error: m.stateInvalid, ...ifValidSoFar });
}

export function zipCodeField(required: string = m.zipRequired) {
  return requiredText(required).refine(isZipCode, { error: m.zipInvalid, ...ifValidSoFar });
}

/** A phone number typed in any usual format, stored as its 10 digits. */
export function phoneField(required: string = m.phoneRequired) {
  return requiredText(required)
    .refine(isValidPhone, { error: m.phoneInvalid, ...ifValidSoFar })
    .overwrite(digitsOnly);
}

/** An NPI: 10 digits first, then the check digit (separate messages). */
export function npiField(required: string = m.npiRequired) {
  return requiredText(required)
    .refine(hasNpiFormat, { error: m.npiLength, ...ifValidSoFar })
    .refine(isValidNpi, { error: m.npiCheckDigit, ...ifValidSoFar });
}

/** Optional website; https:// is added when no scheme was typed. */
export const websiteField = optional(
  z
    .string()
    .max(TEXT_LIMITS.website, { error: textTooLong('Website', TEXT_LIMITS.website) })
    .overwrite(normalizeWebsite)
    .refine(isValidWebsite, { error: m.websiteInvalid, ...ifValidSoFar }),
);

/** Optional LinkedIn profile; stored as https://www.linkedin.com/in/{username}. */
export const linkedInField = optional(z.string().overwrite(normalizeLinkedIn).refine(isLinkedInProfileUrl, { error: m.linkedInInvalid }));

const inCalendarYears = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= CALENDAR_YEARS.min && year <= CALENDAR_YEARS.max;
};

const anyCalendarDate = (required: string) => requiredText(required).refine(isCalendarDate, { error: m.dateInvalid, ...ifValidSoFar });
const yearsOfRecords = { error: m.dateOutOfRange, ...ifValidSoFar };

/** A calendar date written YYYY-MM-DD, in a year a person's record can mean (1900-2100). */
export function calendarDateField(required: string) {
  return anyCalendarDate(required).refine(inCalendarYears, yearsOfRecords);
}

/** A calendar date that is today or earlier (judged against the moment of validation), from 1900 on. */
export function pastOrTodayDateField(required: string, inFuture: string) {
  return anyCalendarDate(required)
    .refine((date) => isNotInFuture(date), { error: inFuture, ...ifValidSoFar })
    .refine(inCalendarYears, yearsOfRecords);
}

export function facilityTypeField<const T extends readonly [string, ...string[]]>(types: T) {
  return z.enum(types, { error: m.facilityTypeRequired });
}

export const applicantRoleTypeField = z.enum(APPLICANT_ROLE_TYPES, { error: m.roleTypeInvalid }).default(DEFAULT_APPLICANT_ROLE_TYPE);

export const jobSearchFrequencyField = z
  .literal(JOB_SEARCH_FREQUENCY_DAYS, { error: m.jobSearchFrequencyInvalid })
  .default(DEFAULT_JOB_SEARCH_FREQUENCY_DAYS);

export const malpracticeProvidedField = z.boolean().default(false);

/**
 * An optional hourly rate in whole dollars, 0 up to the product's highest rate. Number inputs
 * hold '' when cleared, so '' (like null or missing) means no value.
 */
export function optionalWholeDollars(label: string) {
  const invalid = hourlyRateInvalid(label);
  return z
    .union([z.number(), z.literal('')], { error: invalid })
    .nullish()
    .transform((value) => (value === '' || value == null ? null : value))
    .pipe(
      z
        .number()
        .int({ error: invalid })
        .min(0, { error: invalid })
        .max(MAX_HOURLY_RATE, { error: hourlyRateTooHigh(label), ...ifValidSoFar })
        .nullable(),
    );
}
