/**
 * The two views of a bid (part 1 section 3): the applicant's and the facility's. Built from the
 * bids read model only (projections/bids.projection.ts), by the queries, the command answers and
 * the realtime pushes alike, so a pushed row is exactly what the recipient's own API returns.
 */
import {
  bidFilter,
  currentRate,
  experienceYears,
  needsApplicantAttention,
  type ApplicantBidFilter,
  type BidCurrentState,
  type BidSide,
} from '../domain/bids';
import { contractValue, postingStatus, type Posting, type PostingStatus } from '../domain/postings';

/** Anything that runs SQL: a DataSource, or a projection's transaction. */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<any>;
}

export interface BidRow {
  id: string;
  job_posting_id: string;
  applicant_id: string;
  applicant_user_id: string;
  facility_id: string;
  current_state: BidCurrentState;
  proposed_rate: number;
  counter_rate: number | null;
  agreed_rate: number | null;
  created_at: Date;
  updated_at: Date;
  /** The posting as postingDecider folds it; null if its events were never seen. */
  posting: Posting | null;
  facility_name: string | null;
  facility_city: string | null;
  facility_state: string | null;
  facility_type: string | null;
  applicant_first_name: string | null;
  applicant_last_name: string | null;
  applicant_license_state: string | null;
  applicant_experience_started_at: string | null;
  applicant_malpractice_provided: boolean | null;
}

const BID_ROW_SQL = `
  SELECT b.id, b.job_posting_id, b.applicant_id, b.applicant_user_id, b.facility_id, b.current_state,
         b.proposed_rate, b.counter_rate, b.agreed_rate, b.created_at, b.updated_at,
         p.state AS posting,
         f.name AS facility_name, f.city AS facility_city, f.state AS facility_state, f.facility_type,
         a.first_name AS applicant_first_name, a.last_name AS applicant_last_name,
         a.license_state AS applicant_license_state, a.experience_started_at AS applicant_experience_started_at,
         a.malpractice_provided AS applicant_malpractice_provided
    FROM bids b
    LEFT JOIN bid_postings p ON p.id = b.job_posting_id
    LEFT JOIN bid_facilities f ON f.id = b.facility_id
    LEFT JOIN bid_applicants a ON a.id = b.applicant_id`;

/**
 * How many rows a list reads at most before filtering, sorting and paging in memory with the
 * domain's filters and comparators (an applicant's bids, or one posting's bids, stay far below).
 */
export const LIST_READ_CAP = 5000;

export async function loadBidRow(db: Queryable, bidId: string): Promise<BidRow | null> {
  const rows: BidRow[] = await db.query(`${BID_ROW_SQL} WHERE b.id = $1`, [bidId]);
  return rows[0] ?? null;
}

export async function loadBidRows(db: Queryable, by: 'applicant' | 'posting', id: string): Promise<BidRow[]> {
  const column = by === 'applicant' ? 'b.applicant_id' : 'b.job_posting_id';
  return db.query(`${BID_ROW_SQL} WHERE ${column} = $1 ORDER BY b.created_at DESC LIMIT ${LIST_READ_CAP}`, [id]);
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

export function applicantName(row: Pick<BidRow, 'applicant_first_name' | 'applicant_last_name'>): string | null {
  return [row.applicant_first_name, row.applicant_last_name].filter(Boolean).join(' ').trim() || null;
}

/** The posting's public status now ('expired' derived from time), or null if unknown. */
export function jobStatus(row: Pick<BidRow, 'posting'>, now: Date): PostingStatus | null {
  return row.posting ? postingStatus(row.posting, now) : null;
}

/** What the applicant sees of their bid (GET /job-bids/my-bids, their command answers and pushes). */
export function applicantBidView(row: BidRow, now: Date) {
  const fields = row.posting?.fields ?? null;
  const status = jobStatus(row, now);
  const expired = status === 'expired';
  return {
    id: row.id,
    job_posting_id: row.job_posting_id,
    job_title: fields?.title ?? null,
    job_start_date: fields?.start_date ?? null,
    job_end_date: fields?.end_date ?? null,
    job_week_days: fields?.week_days ?? [],
    job_hourly_rate: fields?.hourly_rate ?? null,
    job_total_contract_value: fields ? contractValue(fields) : null,
    job_auto_expire_date: row.posting?.auto_expire_date ?? null,
    job_status: status,
    facility: {
      id: row.facility_id,
      name: row.facility_name,
      city: row.facility_city,
      state: row.facility_state,
      type: row.facility_type,
    },
    proposed_rate: row.proposed_rate,
    counter_rate: row.counter_rate,
    /** The rate on the table now (the latest counter, else the bid). */
    current_rate: currentRate(row),
    /** Set once connected. */
    agreed_rate: row.agreed_rate,
    current_state: row.current_state,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    /** A bid on an expired posting is shown as closed ('posting expired'). */
    posting_expired: expired,
    /** 'Needs your attention': a facility counter on a posting still open. */
    needs_attention: needsApplicantAttention(row.current_state) && !expired,
    /** The applicant filter the bid falls under (active, connected or closed). */
    filter: bidFilter(row.current_state, expired) as Exclude<ApplicantBidFilter, 'all'>,
  };
}

/** What the facility sees of a bid on its posting: the applicant view plus who the applicant is. */
export function facilityBidView(row: BidRow, now: Date) {
  return {
    ...applicantBidView(row, now),
    applicant_id: row.applicant_id,
    applicant_name: applicantName(row),
    // 365.25-day years since the start date, never below 0 (the domain's rule).
    applicant_experience_years: experienceYears(row.applicant_experience_started_at, now),
    applicant_license_state: row.applicant_license_state,
    applicant_malpractice_provided: row.applicant_malpractice_provided ?? false,
  };
}

export type ApplicantBidView = ReturnType<typeof applicantBidView>;
export type FacilityBidView = ReturnType<typeof facilityBidView>;

export function bidViewFor(side: BidSide, row: BidRow, now: Date): ApplicantBidView | FacilityBidView {
  return side === 'facility' ? facilityBidView(row, now) : applicantBidView(row, now);
}
