/**
 * A job posting as the API answers it (part 1 section 3 'Job posting'): the public view for
 * search and /jobs/{id}, and the facility's view (its own members and admins) with the counts,
 * actions and who posted it. Built from a row of the job_postings read model.
 */
import { remainingDays, weeksBetween } from './contract-value';
import type { LodgingFrequency, RoleType, SupervisionType } from './job-form';
import { postingActions, postingStatus, type PostingAction, type PostingStatus, type StoredPostingStatus } from './posting-status';

/** One job_postings row; calendar dates as YYYY-MM-DD, amounts as numbers. */
export interface PostingRow {
  id: string;
  facility_id: string;
  title: string;
  stored_status: StoredPostingStatus;
  role_type: RoleType;
  start_date: string;
  end_date: string;
  week_days: number[];
  hourly_rate: number;
  total_contract_value: number | null;
  hours_per_day: number;
  days_per_week: number;
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
  required_license_state: string;
  procedure_type_ids: number[];
  on_call_ratio: number | null;
  supervision_type: SupervisionType | null;
  malpractice_amount: number | null;
  lodging_amount: number | null;
  lodging_frequency: LodgingFrequency | null;
  travel_allowance_amount: number | null;
  bid_count: number;
  awaiting_response_count: number;
  /** Who posted it, where the query joined the users table. */
  creator_first_name?: string | null;
  creator_last_name?: string | null;
  creator_email?: string | null;
}

/** GET /job-postings/procedure-types: one entry. */
export interface ProcedureType {
  id: number;
  name: string;
}

/** A posting as everyone may see it (search results, the public /jobs/{id}). */
export interface PostingView {
  id: string;
  title: string;
  /** draft | active | withdrawn | expired ('expired' derived from auto_expire_date). */
  status: PostingStatus;
  role_type: RoleType;
  /** YYYY-MM-DD */
  start_date: string;
  /** YYYY-MM-DD */
  end_date: string;
  /** Length in weeks, rounded up (weeksBetween). */
  weeks: number | null;
  /** 1 = Sunday ... 7 = Saturday; empty means any days_per_week days. */
  week_days: number[];
  /** Whole dollars per hour. */
  hourly_rate: number;
  total_contract_value: number | null;
  hours_per_day: number;
  days_per_week: number;
  /** ISO date-time */
  auto_expire_date: string;
  /** ISO date-time; null until first published. */
  published_at: string | null;
  /** ISO date-time */
  created_at: string;
  facility_city: string | null;
  facility_state: string | null;
  facility_type: string | null;
  facility_name: string | null;
  required_license_state: string;
  procedure_types: ProcedureType[];
  /** On call every N days; null: no call. */
  on_call_ratio: number | null;
  supervision_type: SupervisionType | null;
  /** Dollars per hour. */
  malpractice_amount: number | null;
  lodging_amount: number | null;
  lodging_frequency: LodgingFrequency | null;
  travel_allowance_amount: number | null;
}

/** The same posting as its own facility's members and admins see it (GET /job-postings/{id}, my-postings). */
export interface FacilityPostingView extends PostingView {
  facility_id: string;
  /** ISO date-time */
  updated_at: string;
  /** A publish is waiting for its payment. */
  payment_pending: boolean;
  /** What the facility may do now (postingActions). */
  actions: readonly PostingAction[];
  /** Days left in the current period, rounded up; null unless active. */
  remaining_days: number | null;
  bid_count: number;
  awaiting_response_count: number;
  /** Bids waiting for the facility's answer, on a posting that has not expired. */
  needs_response: boolean;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_email: string | null;
}

/** GET /job-postings?...&sort=&limit=&offset= */
export interface PostingSearchPage {
  job_postings: PostingView[];
  total: number;
}

/** POST /job-postings/{id}/publish */
export interface PublishedPostingView extends FacilityPostingView {
  /** No posting credit: the posting stays a draft until a payment goes through. */
  requires_payment: boolean;
}

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
    needs_response: row.awaiting_response_count > 0 && view.status !== 'expired',
    creator_first_name: row.creator_first_name ?? null,
    creator_last_name: row.creator_last_name ?? null,
    creator_email: row.creator_email ?? null,
  };
}
