/**
 * The two views of a bid (part 1 section 3): the applicant's and the facility's. The queries, the
 * command answers and the realtime pushes all build them from the same row, so a pushed bid is
 * exactly what the recipient's own API returns; the client reads the same types.
 */
import { z } from 'zod';
import { contractValue } from '../postings/contract-value';
import type { Posting } from '../postings/posting-decider';
import { POSTING_STATUSES, postingStatus, type PostingStatus } from '../postings/posting-status';
import { currentRate, experienceYears } from './bid-figures';
import { APPLICANT_BID_FILTERS, BID_STATES, bidFilter, needsApplicantAttention, type BidCurrentState } from './bid-states';
import type { BidSide } from './bid-decider';

/** One bid with the copies of its posting, facility and applicant details that its views show. */
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

const nullableString = z.string().nullable();

/** A bid as the applicant sees it: GET /job-bids/my-bids, their command answers and 'bid.updated' pushes. */
export const applicantBidViewSchema = z.object({
  id: z.uuid(),
  job_posting_id: z.uuid(),
  job_title: nullableString,
  job_start_date: nullableString.describe('YYYY-MM-DD'),
  job_end_date: nullableString.describe('YYYY-MM-DD'),
  job_week_days: z.array(z.number().int()),
  job_hourly_rate: z.number().nullable(),
  job_total_contract_value: z.number().nullable(),
  job_auto_expire_date: nullableString,
  job_status: z.enum(POSTING_STATUSES).nullable().describe("The posting's public status ('expired' derived from time), null if unknown."),
  facility: z.object({ id: z.uuid(), name: nullableString, city: nullableString, state: nullableString, type: nullableString }),
  proposed_rate: z.number().describe("The applicant's first bid."),
  counter_rate: z.number().nullable().describe('The latest counter from either side, null until someone counters.'),
  current_rate: z.number().describe('The rate on the table now (the latest counter, else the bid).'),
  agreed_rate: z.number().nullable().describe('Set once connected.'),
  current_state: z.enum(BID_STATES),
  created_at: z.string().describe('ISO date-time'),
  updated_at: z.string().describe('ISO date-time'),
  posting_expired: z.boolean().describe("A bid on an expired posting is shown as closed ('posting expired')."),
  needs_attention: z.boolean().describe("'Needs your attention': a facility counter on a posting still open."),
  filter: z
    .enum(APPLICANT_BID_FILTERS)
    .exclude(['all'])
    .describe('The applicant filter the bid falls under (active, connected or closed).'),
});
export type ApplicantBidView = z.infer<typeof applicantBidViewSchema>;

/** A bid as the posting's facility sees it: the applicant view plus who the applicant is. */
export const facilityBidViewSchema = applicantBidViewSchema.extend({
  applicant_id: z.uuid(),
  applicant_name: nullableString,
  applicant_experience_years: z.number().describe("365.25-day years since the applicant's start date, never below 0."),
  applicant_license_state: nullableString,
  applicant_malpractice_provided: z.boolean(),
});
export type FacilityBidView = z.infer<typeof facilityBidViewSchema>;

/** A bid command's answer: the bid as the caller's own side sees it. */
export const bidViewSchema = z.union([facilityBidViewSchema, applicantBidViewSchema]);

export function applicantName(row: Pick<BidRow, 'applicant_first_name' | 'applicant_last_name'>): string | null {
  return [row.applicant_first_name, row.applicant_last_name].filter(Boolean).join(' ').trim() || null;
}

/** The posting's public status now ('expired' derived from time), or null if unknown. */
export function jobStatus(row: Pick<BidRow, 'posting'>, now: Date): PostingStatus | null {
  return row.posting ? postingStatus(row.posting, now) : null;
}

export function applicantBidView(row: BidRow, now: Date): ApplicantBidView {
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
    current_rate: currentRate(row),
    agreed_rate: row.agreed_rate,
    current_state: row.current_state,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    posting_expired: expired,
    needs_attention: needsApplicantAttention(row.current_state) && !expired,
    filter: bidFilter(row.current_state, expired),
  };
}

export function facilityBidView(row: BidRow, now: Date): FacilityBidView {
  return {
    ...applicantBidView(row, now),
    applicant_id: row.applicant_id,
    applicant_name: applicantName(row),
    applicant_experience_years: experienceYears(row.applicant_experience_started_at, now),
    applicant_license_state: row.applicant_license_state,
    applicant_malpractice_provided: row.applicant_malpractice_provided ?? false,
  };
}

export function bidViewFor(side: BidSide, row: BidRow, now: Date): ApplicantBidView | FacilityBidView {
  return side === 'facility' ? facilityBidView(row, now) : applicantBidView(row, now);
}

/** Tells the facility's view of a bid from the applicant's (a 'bid.updated' push carries either). */
export function isFacilityBidView(bid: ApplicantBidView | FacilityBidView): bid is FacilityBidView {
  return 'applicant_id' in bid;
}
