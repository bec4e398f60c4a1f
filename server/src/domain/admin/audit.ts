/**
 * The platform audit (GET /api/admin/audit, /admin/audit.csv) and point-in-time views
 * (GET /api/admin/postings/{id}/as-of, /admin/bids/{id}/as-of): every event of the log, filtered
 * and paged on the global position, and a stream folded up to a moment with its own `evolve`.
 * The client imports these schemas, labels and the CSV columns.
 */
import { z } from 'zod';
import { APPLICANT_EVENT_TYPES } from '../applicants/applicant';
import { BID_EVENT_TYPES } from '../bids/bid-events';
import { BID_STATES } from '../bids/bid-states';
import { SUBSCRIPTION_EVENT_TYPES } from '../billing/billing-events';
import { FACILITY_EVENT_TYPES } from '../facilities/facility';
import { FACILITY_MEMBER_EVENT_TYPES } from '../facility-members/member-events';
import { POSTING_EVENT_TYPES } from '../postings/posting-events';
import { ACTOR_SIDES } from '../shared/history';

/** The stream categories of the log, as `{type}-{id}` names them. */
export const AUDIT_STREAM_TYPES = ['posting', 'bid', 'facility', 'applicant', 'subscription'] as const;
export type AuditStreamType = (typeof AUDIT_STREAM_TYPES)[number];

export const AUDIT_STREAM_LABELS: Record<AuditStreamType, string> = {
  posting: 'Posting',
  bid: 'Bid',
  facility: 'Facility',
  applicant: 'Applicant',
  subscription: 'Subscription',
};

/** Every event type each stream category records (a facility's stream also holds its team's events). */
export const AUDIT_EVENT_TYPES: Record<AuditStreamType, readonly string[]> = {
  posting: POSTING_EVENT_TYPES,
  bid: BID_EVENT_TYPES,
  facility: [...FACILITY_EVENT_TYPES, ...FACILITY_MEMBER_EVENT_TYPES],
  applicant: APPLICANT_EVENT_TYPES,
  subscription: SUBSCRIPTION_EVENT_TYPES,
};

const ALL_EVENT_TYPES = [...new Set(Object.values(AUDIT_EVENT_TYPES).flat())].sort();

export const AUDIT_PAGE_LIMITS = { default: 50, max: 200 } as const;
export const AUDIT_TEXT_MAX = 200;

export const AUDIT_MESSAGES = {
  streamType: `stream_type must be one of ${AUDIT_STREAM_TYPES.join(', ')}`,
  eventType: 'event_type is not an event type of the log',
  actor: "actor must be a user's id or email",
  time: 'Give an ISO date-time, e.g. 2026-01-31T09:00:00Z',
  range: '`from` must not be after `to`',
  cursor: 'cursor must be a position from a previous page',
  postingNotFound: 'Job posting not found',
  bidNotFound: 'Bid not found',
} as const;

const isoTime = z.iso.datetime({ offset: true, error: AUDIT_MESSAGES.time });
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The filters of GET /admin/audit and /admin/audit.csv; blank values mean "any". */
const filterFields = {
  stream_type: z.preprocess(blankToUndefined, z.enum(AUDIT_STREAM_TYPES, { error: AUDIT_MESSAGES.streamType }).optional()),
  event_type: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => ALL_EVENT_TYPES.includes(value), AUDIT_MESSAGES.eventType)
      .optional(),
  ),
  actor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(AUDIT_TEXT_MAX, AUDIT_MESSAGES.actor)
      .refine((value) => z.uuid().safeParse(value).success || z.email().safeParse(value).success, AUDIT_MESSAGES.actor)
      .optional()
      .describe("The acting user's id or email address."),
  ),
  from: z.preprocess(blankToUndefined, isoTime.optional().describe('Events at or after this ISO date-time.')),
  to: z.preprocess(blankToUndefined, isoTime.optional().describe('Events at or before this ISO date-time.')),
  q: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(AUDIT_TEXT_MAX, `q is limited to ${AUDIT_TEXT_MAX} characters`)
      .optional()
      .describe("Text in the record's name or title (a facility, an applicant, a posting; a bid by its posting or applicant)."),
  ),
};
const ordered = (filters: { from?: string; to?: string }) =>
  !filters.from || !filters.to || Date.parse(filters.from) <= Date.parse(filters.to);
const range = { message: AUDIT_MESSAGES.range, path: ['from'] };

export const auditFiltersSchema = z.object(filterFields).refine(ordered, range);
export type AuditFilters = z.output<typeof auditFiltersSchema>;

/** GET /admin/audit: the filters, then a page after `cursor` (a row's position), newest first. */
export const auditQuerySchema = z
  .object({
    ...filterFields,
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[1-9]\d{0,17}$/, AUDIT_MESSAGES.cursor)
        .optional()
        .describe('`next_cursor` of the previous page: the rows before that position.'),
    ),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMITS.max).default(AUDIT_PAGE_LIMITS.default),
  })
  .refine(ordered, range);
export type AuditQuery = z.output<typeof auditQuerySchema>;

const nullableString = z.string().nullable();

export const auditActorSchema = z.object({
  user_id: nullableString,
  name: nullableString.describe('Display name at the time of the event.'),
  email: nullableString.describe("The user's email now (null for the system)."),
  role: z.enum(ACTOR_SIDES).describe('The side the user acted as: applicant, facility, admin, or system.'),
});

/** One event of the audit. */
export const auditRowSchema = z.object({
  position: z.string().describe('Global position in the log; pages are ordered by it, newest first.'),
  at: z.string().describe("ISO date-time of the event (the command's `now`)."),
  stream: z.string().describe("The stream, e.g. 'bid-…'."),
  stream_type: z.enum(AUDIT_STREAM_TYPES),
  version: z.number().int(),
  event_type: z.string(),
  actor: auditActorSchema,
  record: z.object({
    type: z.enum(AUDIT_STREAM_TYPES),
    id: z.string(),
    name: z.string().describe("The record's name or title now ('' when unknown); a bid is its applicant on its posting."),
    link: z.string().describe('Where the record is shown in the client, e.g. /admin/facilities/{id}.'),
    posting_id: nullableString.describe('The posting a bid or subscription belongs to.'),
  }),
  data: z.record(z.string(), z.unknown()).describe("The event's own data; secrets never enter the log."),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditRowSchema),
  next_cursor: nullableString.describe('Pass as `cursor` for the next (older) page; null on the last page.'),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The columns of /admin/audit.csv, in order. */
export const AUDIT_CSV_COLUMNS = [
  'position',
  'at',
  'stream_type',
  'stream',
  'version',
  'event_type',
  'actor_name',
  'actor_email',
  'actor_role',
  'record_name',
  'record_link',
  'data',
] as const;

/** The CSV line of one row (RFC 4180: fields with commas, quotes or line breaks are quoted). */
export function auditCsvLine(row: AuditRow): string {
  const values = [
    row.position,
    row.at,
    row.stream_type,
    row.stream,
    String(row.version),
    row.event_type,
    row.actor.name ?? '',
    row.actor.email ?? '',
    row.actor.role,
    row.record.name,
    row.record.link,
    JSON.stringify(row.data),
  ];
  return values.map(csvField).join(',') + '\r\n';
}

function csvField(value: string): string {
  // A leading =, +, - or @ would be run as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Where a record is shown: the admin pages for facilities and applicants, the job page for the rest. */
export function auditRecordLink(
  type: AuditStreamType,
  id: string,
  parents: { posting_id: string | null; applicant_id: string | null },
): string {
  switch (type) {
    case 'facility':
      return `/admin/facilities/${id}`;
    case 'applicant':
      return `/admin/applicants/${id}`;
    case 'bid':
      return parents.applicant_id ? `/admin/applicants/${parents.applicant_id}` : `/jobs/${parents.posting_id ?? ''}`;
    default:
      return `/jobs/${parents.posting_id ?? id}`;
  }
}

/** Keys whose values would be secrets: never answered, even if an event ever carried one. */
const SECRET_KEY = /password|token|secret|(^|_)hash$/i;

/**
 * The event's data without secret-looking keys, at any depth. Data with none (nearly every
 * event) is answered as it is, not copied: the audit applies this to every event, and copying
 * was a twentieth of a rebuild's CPU.
 */
export function withoutSecrets(value: unknown): unknown {
  return hasSecrets(value) ? copyWithoutSecrets(value) : value;
}

function hasSecrets(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasSecrets);
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) if (SECRET_KEY.test(key) || hasSecrets((value as Record<string, unknown>)[key])) return true;
  return false;
}

function copyWithoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyWithoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, copyWithoutSecrets(inner)]),
  );
}

// ---- Point in time ----

export const asOfQuerySchema = z.object({
  at: isoTime.describe('The moment to look at (ISO date-time): the events up to and including it are folded.'),
});
export type AsOfQuery = z.output<typeof asOfQuerySchema>;

/** Someone who had acted on the record by then: their latest event. */
const actedSchema = z.object({
  user_id: nullableString,
  name: nullableString,
  role: z.enum(ACTOR_SIDES),
  last_event_type: z.string(),
  last_at: z.string(),
});

const asOfCommon = {
  at: z.string().describe('The moment asked about.'),
  events_applied: z.number().int().describe('How many of the stream’s events happened by then.'),
  last_event: z.object({ type: z.string(), at: z.string(), position: z.string() }).nullable(),
  acted: z.array(actedSchema).describe('Who had acted by then, first to act first.'),
};

export const bidAsOfSchema = z.object({
  ...asOfCommon,
  bid: z
    .object({
      current_state: z.enum(BID_STATES),
      proposed_rate: z.number(),
      counter_rate: z.number().nullable(),
      agreed_rate: z.number().nullable(),
      job_posting_id: z.string(),
      applicant_id: z.string(),
      facility_id: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    })
    .nullable()
    .describe('The bid as its decider folded it then; null before it was submitted.'),
});
export type BidAsOf = z.infer<typeof bidAsOfSchema>;

export const postingAsOfSchema = z.object({
  ...asOfCommon,
  posting: z
    .object({
      status: z.string().describe('The status then: draft, active, withdrawn, or expired (by its end date at that moment).'),
      stored_status: z.string(),
      title: z.string(),
      hourly_rate: z.number(),
      published_at: z.string().nullable(),
      auto_expire_date: z.string(),
      payment_pending: z.boolean(),
      fields: z.record(z.string(), z.unknown()),
    })
    .nullable()
    .describe('The posting as its decider folded it then; null before it was created.'),
});
export type PostingAsOf = z.infer<typeof postingAsOfSchema>;

/** A bid's state as an admin's point-in-time view names it (neither party's "you"). */
export const AS_OF_BID_STATE_LABELS: Record<(typeof BID_STATES)[number], string> = {
  applicant_submitted: 'Submitted, awaiting the facility',
  applicant_countered: 'Applicant countered',
  facility_countered: 'Facility countered',
  facility_accepted: 'Connected: the facility accepted',
  applicant_counter_accepted: "Connected: the applicant accepted the facility's counter",
  applicant_counter_rejected: "The applicant rejected the facility's counter",
  facility_rejected: 'Rejected by the facility',
  applicant_withdrawn: 'Withdrawn by the applicant',
  position_filled: 'Closed: the position was filled',
};
