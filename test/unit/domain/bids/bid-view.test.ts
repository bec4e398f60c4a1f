import { randomUUID } from 'node:crypto';
import { applicantBidView, bidViewFor, facilityBidView, isFacilityBidView, type BidRow } from '../../../../server/src/domain/bids';
import { applicantBidViewSchema, facilityBidViewSchema } from '../../../../server/src/domain/bids/bid-view';
import { contractValue, type Posting } from '../../../../server/src/domain/postings';
import { FIELDS, POSTING_ID, FACILITY_ID, PERIOD_END, PUBLISHED_AT, CREATED_AT, USER_ID } from '../postings/fixtures';

const NOW = new Date('2030-03-10T15:00:00.000Z');

const posting: Posting = {
  status: 'active',
  posting_id: POSTING_ID,
  facility_id: FACILITY_ID,
  created_by: USER_ID,
  created_at: CREATED_AT,
  fields: FIELDS,
  auto_expire_date: PERIOD_END,
  published_at: PUBLISHED_AT,
  payment_pending: null,
  expiry_recorded: false,
  connected_bid_ids: [],
};

function row(overrides: Partial<BidRow> = {}): BidRow {
  return {
    id: 'bid-1',
    job_posting_id: POSTING_ID,
    applicant_id: 'applicant-1',
    applicant_user_id: 'user-applicant-1',
    facility_id: FACILITY_ID,
    current_state: 'facility_countered',
    proposed_rate: 160,
    counter_rate: 170,
    agreed_rate: null,
    created_at: new Date('2030-03-05T10:00:00.000Z'),
    updated_at: new Date('2030-03-06T11:30:00.000Z'),
    posting,
    facility_name: 'Lakeside Surgery Center',
    facility_city: 'Austin',
    facility_state: 'TX',
    facility_type: 'Hospital',
    applicant_first_name: 'Casey',
    applicant_last_name: 'Rivera',
    applicant_license_state: 'TX',
    applicant_experience_started_at: '2020-03-10',
    applicant_malpractice_provided: null,
    ...overrides,
  };
}

describe('the applicant view of a bid', () => {
  test('carries the job, the facility, the rates and ISO times', () => {
    expect(applicantBidView(row(), NOW)).toEqual({
      id: 'bid-1',
      job_posting_id: POSTING_ID,
      job_title: FIELDS.title,
      job_start_date: FIELDS.start_date,
      job_end_date: FIELDS.end_date,
      job_week_days: FIELDS.week_days,
      job_hourly_rate: FIELDS.hourly_rate,
      job_total_contract_value: contractValue(FIELDS),
      job_auto_expire_date: PERIOD_END,
      job_status: 'active',
      facility: { id: FACILITY_ID, name: 'Lakeside Surgery Center', city: 'Austin', state: 'TX', type: 'Hospital' },
      proposed_rate: 160,
      counter_rate: 170,
      current_rate: 170,
      agreed_rate: null,
      current_state: 'facility_countered',
      created_at: '2030-03-05T10:00:00.000Z',
      updated_at: '2030-03-06T11:30:00.000Z',
      posting_expired: false,
      needs_attention: true,
      filter: 'active',
    });
  });

  test('a counter on an expired posting is closed and needs nothing', () => {
    const view = applicantBidView(row(), new Date(PERIOD_END));
    expect(view).toMatchObject({ job_status: 'expired', posting_expired: true, needs_attention: false, filter: 'closed' });
  });

  test('a posting never seen leaves the job fields empty', () => {
    const view = applicantBidView(row({ posting: null }), NOW);
    expect(view).toMatchObject({ job_title: null, job_week_days: [], job_total_contract_value: null, job_status: null });
  });
});

describe('the facility view of a bid', () => {
  test('adds who the applicant is', () => {
    const view = facilityBidView(row(), NOW);
    expect(view).toMatchObject({
      applicant_id: 'applicant-1',
      applicant_name: 'Casey Rivera',
      applicant_experience_years: 10,
      applicant_license_state: 'TX',
      applicant_malpractice_provided: false,
    });
    expect(isFacilityBidView(view)).toBe(true);
  });

  test('an applicant without a name has none', () => {
    expect(facilityBidView(row({ applicant_first_name: null, applicant_last_name: ' ' }), NOW).applicant_name).toBeNull();
  });

  test('each side gets its own view', () => {
    expect(isFacilityBidView(bidViewFor('facility', row(), NOW))).toBe(true);
    expect(isFacilityBidView(bidViewFor('applicant', row(), NOW))).toBe(false);
  });
});

describe('the schemas the API document shows', () => {
  test('describe both views exactly, field for field', () => {
    const ids = { id: randomUUID(), job_posting_id: randomUUID(), applicant_id: randomUUID(), facility_id: randomUUID() };
    for (const bid of [row(ids), row({ ...ids, posting: null })]) {
      expect(applicantBidViewSchema.parse(applicantBidView(bid, NOW))).toEqual(applicantBidView(bid, NOW));
      expect(facilityBidViewSchema.parse(facilityBidView(bid, NOW))).toEqual(facilityBidView(bid, NOW));
    }
  });
});
