/**
 * A job posting as the API answers it (part 1 section 3 'Job posting'): the public view for
 * search and /jobs/{id}, and the facility's view (its own members and admins) with the counts,
 * actions and who posted it. Built from a row of the job_postings read model.
 */
import { z } from 'zod';
import { remainingDays, weeksBetween } from './contract-value';
import { LODGING_FREQUENCIES, ROLE_TYPES, SUPERVISION_TYPES, type PostingFields } from './job-form';
import { POSTING_ACTIONS, POSTING_STATUSES, postingActions, postingStatus, type StoredPostingStatus } from './posting-status';
import { BID_STATES } from '../bids/bid-states';
import { SEARCH_TOTAL_CAP } from './search-options';
import { groupDigits } from '../shared/digits';

/** One job_postings row: the posting's fields and what the read model adds; amounts as numbers. */
export interface PostingRow extends PostingFields {
  id: string;
  facility_id: string;
  stored_status: StoredPostingStatus;
  total_contract_value: number | null;
  auto_expire_date: Date;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  payment_pending: boolean;
  facility_city: string | null;
  facility_state: string | null;
  facility_type: string | null;
  facility_name: string | null;
  facility_active: boolean;
  bid_count: number;
  awaiting_response_count: number;
  /** Connections counted toward the openings. */
  connection_count: number;
  /** Who posted it, where the query joined the users table. */
  creator_first_name?: string | null;
  creator_last_name?: string | null;
  creator_email?: string | null;
}

const nullableString = z.string().nullable();

/** GET /job-postings/procedure-types: one entry. */
export const procedureTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type ProcedureType = z.infer<typeof procedureTypeSchema>;

/** A posting as everyone may see it (search results, the public /jobs/{id}). */
export const postingViewSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z
    .enum(POSTING_STATUSES)
    .describe("draft | active | filled | withdrawn | expired ('expired' derived from auto_expire_date; filled: every opening connected)."),
  role_type: z.enum(ROLE_TYPES),
  start_date: z.string().describe('YYYY-MM-DD'),
  end_date: z.string().describe('YYYY-MM-DD'),
  weeks: z.number().int().nullable().describe('Length in weeks, rounded up (weeksBetween).'),
  week_days: z.array(z.number().int()).describe('1 = Sunday ... 7 = Saturday; empty means any days_per_week days.'),
  hourly_rate: z.number().describe('Whole dollars per hour.'),
  total_contract_value: z.number().nullable(),
  hours_per_day: z.number(),
  days_per_week: z.number(),
  auto_expire_date: z.string().describe('ISO date-time'),
  published_at: nullableString.describe('ISO date-time; null until first published.'),
  created_at: z.string().describe('ISO date-time'),
  facility_city: nullableString,
  facility_state: nullableString,
  facility_type: nullableString,
  facility_name: nullableString,
  required_license_state: z.string(),
  procedure_types: z.array(procedureTypeSchema),
  on_call_ratio: z.number().nullable().describe('On call every N days; null: no call.'),
  supervision_type: z.enum(SUPERVISION_TYPES).nullable(),
  malpractice_amount: z.number().nullable().describe('Dollars per hour.'),
  lodging_amount: z.number().nullable(),
  lodging_frequency: z.enum(LODGING_FREQUENCIES).nullable(),
  travel_allowance_amount: z.number().nullable(),
  openings: z.number().int().describe('How many people the facility hires for this job; filled when that many connections are made.'),
});
export type PostingView = z.infer<typeof postingViewSchema>;

/** The same posting as its own facility's members and admins see it (GET /job-postings/{id}, my-postings). */
export const facilityPostingViewSchema = postingViewSchema.extend({
  facility_id: z.uuid(),
  updated_at: z.string().describe('ISO date-time'),
  payment_pending: z.boolean().describe('A publish is waiting for its payment.'),
  actions: z.array(z.enum(POSTING_ACTIONS)).readonly().describe('What the facility may do now (postingActions).'),
  remaining_days: z.number().int().nullable().describe('Days left in the current period, rounded up; null unless active.'),
  bid_count: z.number().int(),
  awaiting_response_count: z.number().int(),
  connections: z.number().int().describe('Connections made on this posting, counted toward its openings.'),
  needs_response: z.boolean().describe("Bids waiting for the facility's answer, on a posting that has not expired."),
  creator_first_name: nullableString,
  creator_last_name: nullableString,
  creator_email: nullableString,
});
export type FacilityPostingView = z.infer<typeof facilityPostingViewSchema>;

/** GET /job-postings/{id}: the facility's view for its members and admins, else the public one. */
export const anyPostingViewSchema = z.union([facilityPostingViewSchema, postingViewSchema]);

/** The caller's own bid on a posting, as a search result row shows it. */
export const myBidSchema = z.object({ id: z.uuid(), current_state: z.enum(BID_STATES) });
export type MyBid = z.infer<typeof myBidSchema>;

/** One search result: the public posting and the signed-in applicant's own bid on it. */
export const postingSearchResultSchema = postingViewSchema.extend({
  my_bid: myBidSchema.nullable().describe("The signed-in applicant's bid on this posting; null for everyone else."),
});
export type PostingSearchResult = z.infer<typeof postingSearchResultSchema>;

/** GET /job-postings?...&sort=&limit=&offset= */
export const postingSearchPageSchema = z.object({
  job_postings: z.array(postingSearchResultSchema),
  total: z
    .number()
    .int()
    .describe(`Matching postings, counted up to ${groupDigits(SEARCH_TOTAL_CAP)}; pages reach these first ones only.`),
  total_capped: z.boolean().describe('More postings match than total (the cap): narrower filters reach them.'),
});
export type PostingSearchPage = z.infer<typeof postingSearchPageSchema>;

/** POST /job-postings/{id}/publish */
export const publishedPostingViewSchema = facilityPostingViewSchema.extend({
  requires_payment: z.boolean().describe('No posting credit: the posting stays a draft until a payment goes through.'),
});
export type PublishedPostingView = z.infer<typeof publishedPostingViewSchema>;

/** GET /admin/facilities/{id}/postings: one of the facility's postings, for auditing. */
export const postingSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(POSTING_STATUSES),
  hourly_rate: z.number(),
  start_date: z.string().describe('YYYY-MM-DD'),
  end_date: z.string().describe('YYYY-MM-DD'),
  bid_count: z.number().int(),
  awaiting_response_count: z.number().int(),
  created_at: z.string().describe('ISO date-time'),
});

export interface ViewerContext {
  now: Date;
  /** Facility members of the posting's facility and admins see who posted it and its counts. */
  privileged: boolean;
  procedureNames: ReadonlyMap<number, string>;
}

export function postingView(row: PostingRow, context: ViewerContext & { privileged: true }): FacilityPostingView;
export function postingView(row: PostingRow, context: ViewerContext & { privileged: false }): PostingView;
export function postingView(row: PostingRow, context: ViewerContext): PostingView | FacilityPostingView;
export function postingView(row: PostingRow, context: ViewerContext): PostingView | FacilityPostingView {
  return context.privileged ? facilityPostingView(row, context) : publicPostingView(row, context);
}

function publicPostingView(row: PostingRow, { now, procedureNames }: ViewerContext): PostingView {
  const autoExpire = row.auto_expire_date.toISOString();
  return {
    id: row.id,
    title: row.title,
    status: postingStatus({ status: row.stored_status, auto_expire_date: autoExpire }, now),
    role_type: row.role_type,
    start_date: row.start_date,
    end_date: row.end_date,
    weeks: weeksBetween(row.start_date, row.end_date),
    week_days: row.week_days,
    hourly_rate: row.hourly_rate,
    total_contract_value: row.total_contract_value,
    hours_per_day: row.hours_per_day,
    days_per_week: row.days_per_week,
    auto_expire_date: autoExpire,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    facility_city: row.facility_city,
    facility_state: row.facility_state,
    facility_type: row.facility_type,
    facility_name: row.facility_name,
    required_license_state: row.required_license_state,
    procedure_types: row.procedure_type_ids.map((id) => ({ id, name: procedureNames.get(id) ?? `#${id}` })),
    on_call_ratio: row.on_call_ratio,
    supervision_type: row.supervision_type,
    malpractice_amount: row.malpractice_amount,
    lodging_amount: row.lodging_amount,
    lodging_frequency: row.lodging_frequency,
    travel_allowance_amount: row.travel_allowance_amount,
    openings: row.openings,
  };
}

function facilityPostingView(row: PostingRow, context: ViewerContext): FacilityPostingView {
  const view = publicPostingView(row, context);
  const lifecycle = { status: row.stored_status, auto_expire_date: view.auto_expire_date };
  return {
    ...view,
    facility_id: row.facility_id,
    updated_at: row.updated_at.toISOString(),
    payment_pending: row.payment_pending,
    actions: postingActions(lifecycle, context.now),
    remaining_days: view.status === 'active' ? remainingDays(view.auto_expire_date, context.now) : null,
    bid_count: row.bid_count,
    awaiting_response_count: row.awaiting_response_count,
    connections: row.connection_count,
    needs_response: row.awaiting_response_count > 0 && view.status !== 'expired',
    creator_first_name: row.creator_first_name ?? null,
    creator_last_name: row.creator_last_name ?? null,
    creator_email: row.creator_email ?? null,
  };
}
