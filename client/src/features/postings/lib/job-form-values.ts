/**
 * The job form's values as the inputs hold them ('' for an empty field), and the way to and from
 * the shared jobPostingSchema (part 1 §5 'Job form'): validation runs the very schema the server
 * runs, so both refuse the same input with the same words.
 */
import {
  contractValue,
  defaultExpiry,
  JOB_FORM_LIMITS,
  JOB_FORM_MESSAGES,
  jobPostingSchema,
  POSTING_MESSAGES,
  workingDays,
  type FacilityPostingView,
  type JobPostingInput,
  type LodgingFrequency,
  type RoleType,
  type SupervisionType,
} from '@domain/postings';
import { localIsoDate } from '@domain/shared/format';

import type { ValidationIssue } from '@domain/shared/errors';

/** What POST and PUT /job-postings send: the parsed form (auto_expire_date null = default / unchanged). */
export type JobPostingPayload = JobPostingInput;

type Num = number | '';

export interface JobFormValues {
  title: string;
  role_type: RoleType | '';
  start_date: string;
  end_date: string;
  week_days: number[];
  hourly_rate: Num;
  hours_per_day: Num;
  days_per_week: Num;
  required_license_state: string;
  procedure_type_ids: number[];
  on_call_ratio: Num;
  supervision_type: SupervisionType | '';
  malpractice_amount: Num;
  lodging_amount: Num;
  lodging_frequency: LodgingFrequency | '';
  travel_allowance_amount: Num;
  /** How many people the facility hires; the posting fills when this many are connected. */
  openings: Num;
  /** YYYY-MM-DD in the viewer's time zone; the posting stops taking applications after this day. */
  expiration_date: string;
}

export type JobFormField = keyof JobFormValues;

export interface JobFormContext {
  /** The earliest start date (the viewer's local today). */
  today: string;
  /** Editing: the saved start date, which may stay even once past. */
  existingStartDate?: string | null;
  /** New posting (true) or edit (false). */
  isNew: boolean;
  /** The expiry can change only until the first publish. */
  expiryEditable: boolean;
  /** The expiration date the form started with (unchanged: default / no change). */
  initialExpirationDate: string;
}

/** A new posting's form: expiration one month ahead, the rest empty. */
export function emptyJobForm(now: Date = new Date()): JobFormValues {
  return {
    title: '',
    role_type: '',
    start_date: '',
    end_date: '',
    week_days: [],
    hourly_rate: '',
    hours_per_day: '',
    days_per_week: '',
    required_license_state: '',
    procedure_type_ids: [],
    on_call_ratio: '',
    supervision_type: '',
    malpractice_amount: '',
    lodging_amount: '',
    lodging_frequency: '',
    travel_allowance_amount: '',
    openings: JOB_FORM_LIMITS.openings.default,
    expiration_date: localIsoDate(new Date(defaultExpiry(now))),
  };
}

const orBlank = (value: number | null | undefined): Num => (value === null || value === undefined ? '' : value);

/** The form of an existing posting. */
export function jobFormFromPosting(posting: FacilityPostingView): JobFormValues {
  return {
    title: posting.title,
    role_type: posting.role_type,
    start_date: posting.start_date,
    end_date: posting.end_date,
    week_days: [...posting.week_days],
    hourly_rate: posting.hourly_rate,
    hours_per_day: posting.hours_per_day,
    days_per_week: posting.days_per_week,
    required_license_state: posting.required_license_state,
    procedure_type_ids: posting.procedure_types.map((type) => type.id),
    on_call_ratio: orBlank(posting.on_call_ratio),
    supervision_type: posting.supervision_type ?? '',
    malpractice_amount: orBlank(posting.malpractice_amount),
    lodging_amount: orBlank(posting.lodging_amount),
    lodging_frequency: posting.lodging_frequency ?? '',
    travel_allowance_amount: orBlank(posting.travel_allowance_amount),
    openings: posting.openings,
    expiration_date: localIsoDate(new Date(posting.auto_expire_date)),
  };
}

/** The end of a local calendar day as an ISO instant: a posting expiring 'on' a date runs through it. */
export function endOfLocalDay(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/**
 * The expiry to send. Unchanged: a new posting sends the default (one month from now), an edit
 * sends null (no change); a posting published before cannot move it (null). Changed: the end of
 * the chosen day.
 */
function expiryFor(values: JobFormValues, context: JobFormContext, now: Date): string | null {
  if (!context.expiryEditable) return null;
  if (values.expiration_date === context.initialExpirationDate) return context.isNew ? defaultExpiry(now) : null;
  return endOfLocalDay(values.expiration_date);
}

function expiryError(values: JobFormValues, context: JobFormContext): string | null {
  if (!context.expiryEditable) return null;
  if (!values.expiration_date) return 'Expiration date is required';
  if (!endOfLocalDay(values.expiration_date)) return JOB_FORM_MESSAGES.autoExpireDate;
  // An untouched default is always ahead; a chosen day must be today or later.
  if (values.expiration_date !== context.initialExpirationDate && values.expiration_date < context.today) {
    return POSTING_MESSAGES.expiryInPast;
  }
  return null;
}

/** Schema field -> form field ('auto_expire_date' is entered as expiration_date). */
function formField(path: PropertyKey | undefined): JobFormField | null {
  if (path === 'auto_expire_date') return 'expiration_date';
  if (typeof path !== 'string') return null;
  return path in emptyJobForm(new Date(0)) ? (path as JobFormField) : null;
}

export type JobFormErrors = Partial<Record<JobFormField, string>>;

export type JobFormResult = { ok: true; payload: JobPostingPayload } | { ok: false; errors: JobFormErrors };

/** Validates with the shared schema; gives the payload or each field's first message. */
export function parseJobForm(values: JobFormValues, context: JobFormContext, now: Date = new Date()): JobFormResult {
  const { expiration_date: _expiration, ...fields } = values;
  const input = { ...fields, auto_expire_date: expiryFor(values, context, now) };
  const schema = jobPostingSchema({ today: context.today, existing_start_date: context.existingStartDate ?? null });
  const result = schema.safeParse(input);
  const errors: JobFormErrors = {};
  const expiry = expiryError(values, context);
  if (expiry) errors.expiration_date = expiry;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = formField(issue.path[0]);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload: result.data };
}

/** The mantine-form validator: the same rules, field by field. */
export function jobFormValidator(context: () => JobFormContext) {
  return (values: JobFormValues): JobFormErrors => {
    const result = parseJobForm(values, context());
    return result.ok ? {} : result.errors;
  };
}

/** A 422 answer's issues on the form's fields; those that fit no field are returned apart. */
export function serverFieldErrors(issues: ValidationIssue[]): { fields: JobFormErrors; other: string[] } {
  const fields: JobFormErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const loc = Array.isArray(issue.loc) ? issue.loc : [];
    const field = formField(loc[0] === 'body' ? loc[1] : loc[0]);
    if (field && !fields[field]) fields[field] = issue.msg;
    else if (!field) other.push(issue.msg);
  }
  return { fields, other };
}

const numberOrNull = (value: Num): number | null => (value === '' || !Number.isFinite(value) ? null : value);

/**
 * The live estimate beside the form (the shared contractValue, with the rate rounded the way the
 * server stores it), or null while it cannot be computed.
 */
export function estimateContract(values: JobFormValues): { value: number; workingDays: number } | null {
  const rate = numberOrNull(values.hourly_rate);
  const terms = {
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    week_days: values.week_days,
    days_per_week: numberOrNull(values.days_per_week),
    hours_per_day: numberOrNull(values.hours_per_day),
    hourly_rate: rate === null ? null : Math.round(rate),
  };
  const value = contractValue(terms);
  const days = workingDays(terms);
  return value === null || days === null ? null : { value, workingDays: days };
}
