/**
 * The job form (part 1 section 5 'Job form'): one zod schema for the server's POST/PUT payload
 * and the client's form, so both refuse the same input with the same words.
 */
import { z } from 'zod';
import { addDays, addOneMonth, dayNumber, daysInclusive } from './calendar';
import {
  MAX_ALLOWANCE_DOLLARS,
  MAX_HOURLY_RATE,
  MAX_JOB_LENGTH_DAYS,
  MAX_PROCEDURE_TYPE_ID,
  MAX_PROCEDURE_TYPES,
  POSTING_HORIZON_DAYS,
} from '../shared/limits';
import { isCalendarDate } from '../accounts/calendar-date';
import { isUsState } from '../accounts/us-states';
import { groupDigits } from '../shared/digits';

export const ROLE_TYPES = ['CRNA', 'Anesthesiologist'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const SUPERVISION_TYPES = ['medically_directed', 'independent'] as const;
export type SupervisionType = (typeof SUPERVISION_TYPES)[number];

export const LODGING_FREQUENCIES = ['weekly', 'monthly'] as const;
export type LodgingFrequency = (typeof LODGING_FREQUENCIES)[number];

export const JOB_FORM_LIMITS = {
  titleMaxLength: 200,
  /** The spec says min 0; a $0/hour job is nonsense, so the floor is $1. */
  minHourlyRate: 1,
  maxHourlyRate: MAX_HOURLY_RATE,
  /** A job starts at most about 2 years ahead and runs at most about 2 years. */
  startHorizonDays: POSTING_HORIZON_DAYS,
  maxLengthDays: MAX_JOB_LENGTH_DAYS,
  /** Malpractice is paid per hour, like the rate; the other allowances per week, month or job. */
  maxMalpracticeAmount: MAX_HOURLY_RATE,
  maxAllowance: MAX_ALLOWANCE_DOLLARS,
  hoursPerDay: { min: 1, max: 24, step: 0.5 },
  daysPerWeek: { min: 1, max: 7 },
  onCallRatio: { min: 1, max: 7 },
  /** How many people the posting hires; it is filled when that many connections are made. */
  openings: { min: 1, max: 20, default: 1 },
} as const;

/** Gap used when choosing a start date fills in the end date. */
export const DEFAULT_END_GAP_DAYS = 7;

/** What a posting is made of, as stored in its events. Optional values are null, never absent. */
export interface PostingFields {
  title: string;
  role_type: RoleType;
  /** YYYY-MM-DD */
  start_date: string;
  /** YYYY-MM-DD, not before start_date */
  end_date: string;
  /** Sorted, distinct, 1 = Sunday ... 7 = Saturday; empty means "days_per_week, any days". */
  week_days: number[];
  /** Whole dollars per hour. */
  hourly_rate: number;
  hours_per_day: number;
  days_per_week: number;
  required_license_state: string;
  /** Sorted, distinct. */
  procedure_type_ids: number[];
  /** On call every N days. */
  on_call_ratio: number | null;
  supervision_type: SupervisionType | null;
  /** Dollars per hour. */
  malpractice_amount: number | null;
  lodging_amount: number | null;
  /** Set only together with a lodging amount above 0. */
  lodging_frequency: LodgingFrequency | null;
  travel_allowance_amount: number | null;
  /** How many connections fill the posting (1-20). Events recorded before openings existed read as 1. */
  openings: number;
}

/** The parsed form: the posting's fields plus its expiry (null: one month after now). */
export interface JobPostingInput extends PostingFields {
  /** ISO date-time in UTC (normalised with toISOString). */
  auto_expire_date: string | null;
}

/** Every field name, checked complete by the compiler; used to pick fields out of wider objects. */
const FIELD_NAMES: Record<keyof PostingFields, true> = {
  title: true,
  role_type: true,
  start_date: true,
  end_date: true,
  week_days: true,
  hourly_rate: true,
  hours_per_day: true,
  days_per_week: true,
  required_license_state: true,
  procedure_type_ids: true,
  on_call_ratio: true,
  supervision_type: true,
  malpractice_amount: true,
  lodging_amount: true,
  lodging_frequency: true,
  travel_allowance_amount: true,
  openings: true,
};
export const POSTING_FIELD_NAMES = Object.keys(FIELD_NAMES) as (keyof PostingFields)[];

export const JOB_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${JOB_FORM_LIMITS.titleMaxLength} characters`,
  roleRequired: 'Role is required',
  roleInvalid: 'Role must be CRNA or Anesthesiologist',
  startDateInPast: 'Start date cannot be in the past',
  endBeforeStart: 'End date cannot be before start date',
  hourlyRateTooLow: `Hourly rate must be at least $${JOB_FORM_LIMITS.minHourlyRate}`,
  hourlyRateTooHigh: `Hourly rate must be at most $${groupDigits(JOB_FORM_LIMITS.maxHourlyRate)}`,
  startDateTooFar: 'Start date must be within 2 years from today',
  jobTooLong: 'A job can run for at most 2 years',
  expiryTooFar: 'Expiration date must be within 2 years from today',
  hoursPerDay: 'Hours per day must be between 1 and 24 in steps of 0.5',
  daysPerWeek: 'Days per week must be a whole number from 1 to 7',
  licenseStateRequired: 'Required license state is required',
  licenseStateInvalid: 'Required license state must be a US state abbreviation (e.g., CA, NY, TX)',
  onCallRatio: 'On-call ratio must be a whole number from 1 to 7',
  supervisionType: 'Supervision type must be medically directed or independent',
  lodgingFrequencyInvalid: 'Lodging frequency must be weekly or monthly',
  lodgingFrequencyRequired: 'Please choose how often lodging is paid (weekly or monthly)',
  weekDays: 'Week days must be numbers from 1 (Sunday) to 7 (Saturday)',
  procedureTypes: 'Procedure types must be a list of procedure type ids',
  openings: `Openings must be a whole number from ${JOB_FORM_LIMITS.openings.min} to ${JOB_FORM_LIMITS.openings.max}`,
  procedureTypesTooMany: `Choose at most ${MAX_PROCEDURE_TYPES} procedure types`,
  autoExpireDate: 'Expiration date must be a valid date and time',
  notAnObject: 'Send the job posting as a JSON object of its fields',
} as const;
const M = JOB_FORM_MESSAGES;

/** Form inputs hand over '' for an emptied field; it and null mean "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const missingOr = (required: string, wrongType: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? required : wrongType;

function requiredNumber(label: string) {
  return z.preprocess(blankToUndefined, z.number({ error: missingOr(`${label} is required`, `${label} must be a number`) }));
}

/** An optional value: absent, null and '' all become null. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional()).transform((value) => value ?? null);
}

function calendarDateField(label: string) {
  const invalid = `${label} must be a valid date (YYYY-MM-DD)`;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: missingOr(`${label} is required`, invalid) })
      // abort: later checks compare dates as strings, which is only meaningful for real dates.
      .refine(isCalendarDate, { error: invalid, abort: true }),
  );
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function money(label: string, max: number) {
  return optional(
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most $${groupDigits(max)}`)
      .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimal places`),
  );
}

const distinctSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

function idList(message: string, maxId: number, maxCount: number, tooMany: string) {
  const item = z.number({ error: message }).int(message).min(1, message).max(maxId, message);
  return z.preprocess((value) => value ?? [], z.array(item, { error: message }).max(maxCount, tooMany)).transform(distinctSorted);
}

export interface JobPostingSchemaOptions {
  /**
   * YYYY-MM-DD: the earliest acceptable start date. The server should pass
   * earliestTodayAnywhere(now), so a facility in any time zone may start "today"; the client
   * passes its local date.
   */
  today: string;
  /**
   * The saved start date when editing an existing posting: keeping it is allowed even once it
   * lies in the past (a running job must stay editable); moving it into the past is not.
   */
  existing_start_date?: string | null;
}

/** The job form schema; parse gives a JobPostingInput or field issues with the form's messages. */
export function jobPostingSchema({ today, existing_start_date = null }: JobPostingSchemaOptions) {
  const { hoursPerDay, daysPerWeek, onCallRatio, startHorizonDays, maxLengthDays, openings } = JOB_FORM_LIMITS;
  const horizon = addDays(today, startHorizonDays) ?? today;
  const startDate = calendarDateField('Start date')
    .refine((date) => date === existing_start_date || date >= today, M.startDateInPast)
    .refine((date) => date <= horizon, M.startDateTooFar);
  return z
    .object(
      {
        title: z.preprocess(
          blankToUndefined,
          z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(JOB_FORM_LIMITS.titleMaxLength, M.titleTooLong),
        ),
        role_type: z.preprocess(blankToUndefined, z.enum(ROLE_TYPES, { error: missingOr(M.roleRequired, M.roleInvalid) })),
        start_date: startDate,
        end_date: calendarDateField('End date'),
        // Repeats are merged, so only an absurd list is refused.
        week_days: idList(M.weekDays, 7, 50, M.weekDays),
        // The spec rounds the rate to whole dollars rather than refusing cents.
        hourly_rate: requiredNumber('Hourly rate')
          .transform(Math.round)
          .refine((rate) => rate >= JOB_FORM_LIMITS.minHourlyRate, M.hourlyRateTooLow)
          .refine((rate) => rate <= JOB_FORM_LIMITS.maxHourlyRate, M.hourlyRateTooHigh),
        hours_per_day: requiredNumber('Hours per day').refine(
          (hours) => hours >= hoursPerDay.min && hours <= hoursPerDay.max && Number.isInteger(hours / hoursPerDay.step),
          M.hoursPerDay,
        ),
        days_per_week: requiredNumber('Days per week').refine(
          (days) => Number.isInteger(days) && days >= daysPerWeek.min && days <= daysPerWeek.max,
          M.daysPerWeek,
        ),
        required_license_state: z.preprocess(
          blankToUndefined,
          z
            .string({ error: missingOr(M.licenseStateRequired, M.licenseStateInvalid) })
            .trim()
            .toUpperCase()
            .refine(isUsState, M.licenseStateInvalid),
        ),
        procedure_type_ids: idList(M.procedureTypes, MAX_PROCEDURE_TYPE_ID, MAX_PROCEDURE_TYPES, M.procedureTypesTooMany),
        on_call_ratio: optional(
          z.number({ error: M.onCallRatio }).int(M.onCallRatio).min(onCallRatio.min, M.onCallRatio).max(onCallRatio.max, M.onCallRatio),
        ),
        supervision_type: optional(z.enum(SUPERVISION_TYPES, { error: M.supervisionType })),
        malpractice_amount: money('Malpractice amount', JOB_FORM_LIMITS.maxMalpracticeAmount),
        lodging_amount: money('Lodging amount', JOB_FORM_LIMITS.maxAllowance),
        lodging_frequency: optional(z.enum(LODGING_FREQUENCIES, { error: M.lodgingFrequencyInvalid })),
        travel_allowance_amount: money('Travel allowance', JOB_FORM_LIMITS.maxAllowance),
        // Left out (an older client, a script): one opening, as every posting had before.
        openings: optional(
          z.number({ error: M.openings }).int(M.openings).min(openings.min, M.openings).max(openings.max, M.openings),
        ).transform((value) => value ?? openings.default),
        auto_expire_date: optional(
          z.iso
            .datetime({ offset: true, error: M.autoExpireDate })
            .transform((value) => new Date(value).toISOString())
            .refine((value) => value.slice(0, 10) <= horizon, M.expiryTooFar),
        ),
      },
      { error: M.notAnObject },
    )
    .refine((form) => form.end_date >= form.start_date, {
      error: M.endBeforeStart,
      path: ['end_date'],
      // Run even when other fields fail, so the form shows this beside them.
      when: ({ value }) => hasBothDates(value),
    })
    .refine((form) => (daysInclusive(form.start_date, form.end_date) ?? 0) <= maxLengthDays, {
      error: M.jobTooLong,
      path: ['end_date'],
      when: ({ value }) => hasBothDates(value),
    })
    .refine((form) => form.lodging_frequency !== null, {
      error: M.lodgingFrequencyRequired,
      path: ['lodging_frequency'],
      when: ({ value }) => hasLodging(formField(value, 'lodging_amount')),
    })
    .transform((form): JobPostingInput => ({
      ...form,
      // Lodging frequency only means something with a lodging amount; clear it otherwise.
      lodging_frequency: hasLodging(form.lodging_amount) ? form.lodging_frequency : null,
    }));
}

export type JobPostingSchema = ReturnType<typeof jobPostingSchema>;
/** What the form holds before parsing (loosely typed: inputs may be '' while being edited). */
export type JobPostingFormValues = z.input<JobPostingSchema>;

/** A field of the form being parsed; the body may be anything (a string, an array, nothing). */
function formField(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

function hasBothDates(value: unknown): boolean {
  return dayNumber(formField(value, 'start_date')) !== null && dayNumber(formField(value, 'end_date')) !== null;
}

function hasLodging(amount: unknown): boolean {
  return typeof amount === 'number' && amount > 0;
}

/** Default expiry of a new posting or a new period: one calendar month after `now` (ISO, UTC). */
export function defaultExpiry(now: Date): string {
  return addOneMonth(now).toISOString();
}

/**
 * The end date the form shows after a start date is chosen: start + 7 days when the end is empty,
 * invalid or not after the start; otherwise the end as it is.
 */
export function suggestedEndDate(startDate: string, endDate: string | null | undefined): string | null {
  const start = dayNumber(startDate);
  if (start === null) return endDate ?? null;
  const end = dayNumber(endDate);
  if (end !== null && end > start) return endDate as string;
  return addDays(startDate, DEFAULT_END_GAP_DAYS);
}

/** Only the posting's own fields out of a wider object (e.g. a parsed form with its expiry). */
export function pickPostingFields(source: PostingFields): PostingFields {
  const fields = {} as Record<keyof PostingFields, unknown>;
  for (const name of POSTING_FIELD_NAMES) fields[name] = source[name];
  return { ...(fields as PostingFields), openings: openingsOf(source) };
}

/** A posting's openings; events recorded before openings existed carry none, meaning one. */
export function openingsOf(fields: Partial<Pick<PostingFields, 'openings'>>): number {
  return fields.openings ?? JOB_FORM_LIMITS.openings.default;
}
