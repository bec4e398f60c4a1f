import type { AdminFacilityPosting } from '@/features/admin/api/get-facility-postings';
import type { ReviewQueue, ReviewQueueApplicant, ReviewQueueFacility } from '@domain/admin/review-queue';
import type { ApplicantView } from '@domain/applicants/applicant-view';
import type { FacilityBidView } from '@domain/bids';
import type { FacilityUserView, FacilityView } from '@domain/facilities/facility-view';
import type { HistoryEntry, RecordHistoryEntry } from '@domain/shared/history';

export const FACILITY_ID = '0b7c3f0e-1a2b-4c3d-8e9f-000000000001';
export const APPLICANT_ID = '0b7c3f0e-1a2b-4c3d-8e9f-000000000002';

export function facility(overrides: Partial<FacilityView> = {}): FacilityView {
  return {
    id: FACILITY_ID,
    name: 'Bayview Surgery Center',
    facility_type: 'Ambulatory Surgery Center',
    npi: '1234567893',
    description: 'Outpatient orthopedics and GI.',
    phone: '6195550100',
    website: 'https://bayview.example',
    address_line1: '100 Harbor Way',
    address_line2: null,
    city: 'San Diego',
    state: 'CA',
    zip_code: '92101',
    verification_status: 'pending',
    is_active: true,
    posting_credits: 0,
    verification_notes: '',
    admin_user_id: 'u-1',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    admin: { first_name: 'Dana', last_name: "O'Neil", email: 'dana@bayview.example', email_verified: true },
    ...overrides,
  };
}

export function applicant(overrides: Partial<ApplicantView> = {}): ApplicantView {
  return {
    id: APPLICANT_ID,
    user_id: 'u-2',
    first_name: 'Sam',
    last_name: 'Rivera',
    role_type: 'CRNA',
    license_number: 'RN123456',
    license_state: 'CA',
    license_expires_at: '2028-06-30',
    npi: '1234567893',
    linkedin_profile: 'https://www.linkedin.com/in/samrivera',
    experience_started_at: '2015-09-01',
    bio: null,
    hourly_rate_min: 150,
    hourly_rate_max: 200,
    preferred_radius_miles: 50,
    address_line1: null,
    address_line2: null,
    city: 'San Diego',
    state: 'CA',
    zip_code: null,
    certifications: ['BLS', 'ACLS'],
    malpractice_provided: true,
    job_search_frequency_days: 7,
    verification_status: 'pending',
    is_active: true,
    verification_notes: '',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    user: { email: 'sam@example.com', email_verified: true, first_name: 'Sam', last_name: 'Rivera' },
    ...overrides,
  };
}

/** n applicants with distinct ids and names 'Applicant 01'...; `each` tweaks one by index. */
export function applicants(n: number, each: (index: number) => Partial<ApplicantView> = () => ({})): ApplicantView[] {
  return Array.from({ length: n }, (_, i) =>
    applicant({
      id: `0b7c3f0e-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      first_name: 'Applicant',
      last_name: String(i + 1).padStart(2, '0'),
      ...each(i),
    }),
  );
}

export function facilityUser(overrides: Partial<FacilityUserView> = {}): FacilityUserView {
  return {
    id: 'u-1',
    first_name: 'Dana',
    last_name: "O'Neil",
    email: 'dana@bayview.example',
    email_verified: true,
    is_active: true,
    role: 'admin',
    is_legacy_admin: false,
    user_type: 'Admin',
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function historyEntry(overrides: Partial<RecordHistoryEntry> = {}): RecordHistoryEntry {
  return {
    id: `e-${Math.random().toString(36).slice(2)}`,
    version: 0,
    type: 'FacilityRegistered',
    at: '2026-11-20T09:00:00.000Z',
    actor: { user_id: 'u-1', side: 'facility', name: null },
    data: {},
    ...overrides,
  };
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

/** A row of GET /admin/facilities/{id}/postings. */
export function facilityPosting(overrides: Partial<AdminFacilityPosting> = {}): AdminFacilityPosting {
  return {
    id: nextId('7a1c0000'),
    title: 'CRNA for a busy ambulatory surgery center',
    status: 'active',
    hourly_rate: 185,
    start_date: '2026-12-07',
    end_date: '2027-01-03',
    bid_count: 0,
    awaiting_response_count: 0,
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** A bid of GET /admin/applicants/{id}/bids (the facility's view of it); posted 185, bid 200, submitted. */
export function applicantBid(overrides: Partial<FacilityBidView> = {}): FacilityBidView {
  const bid: FacilityBidView = {
    id: nextId('5e0c0000'),
    job_posting_id: nextId('7a1c0000'),
    job_title: 'CRNA for a busy ambulatory surgery center',
    job_start_date: '2026-12-07',
    job_end_date: '2027-01-03',
    job_week_days: [2, 3, 4, 5, 6],
    job_hourly_rate: 185,
    job_total_contract_value: 37000,
    job_auto_expire_date: '2099-01-01T00:00:00.000Z',
    job_status: 'active',
    facility: { id: FACILITY_ID, name: 'Bayview Surgery Center', city: 'San Diego', state: 'CA', type: 'Ambulatory Surgery Center' },
    proposed_rate: 200,
    counter_rate: null,
    current_rate: 200,
    agreed_rate: null,
    current_state: 'applicant_submitted',
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    posting_expired: false,
    needs_attention: false,
    filter: 'active',
    applicant_id: APPLICANT_ID,
    applicant_name: 'Sam Rivera',
    applicant_experience_years: 11,
    applicant_license_state: 'CA',
    applicant_malpractice_provided: true,
    ...overrides,
  };
  bid.current_rate = overrides.current_rate ?? bid.counter_rate ?? bid.proposed_rate;
  return bid;
}

/** One event of GET /job-bids/{id}/history; a bid submitted by the applicant at 200 unless told. */
export function bidHistoryEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  const position = String(++sequence);
  return {
    id: nextId('e0e00000'),
    kind: 'bid',
    bid_id: null,
    job_posting_id: null,
    version: 0,
    position,
    global_position: position,
    type: 'BidSubmitted',
    at: '2026-11-21T10:00:00.000Z',
    side: 'applicant',
    actor: { user_id: 'u-2', name: 'Sam Rivera' },
    rate: 200,
    proposed_rate: 200,
    counter_rate: null,
    agreed_rate: null,
    state: 'applicant_submitted',
    ...overrides,
  };
}

/** GET /admin/review-queue with nothing to review, unless told otherwise. */
export function reviewQueue(overrides: Partial<ReviewQueue> = {}): ReviewQueue {
  const facilities = overrides.facilities ?? [];
  const applicants = overrides.applicants ?? [];
  return { facilities, applicants, counts: { facilities: facilities.length, applicants: applicants.length }, ...overrides };
}

export function queuedFacility(overrides: Partial<ReviewQueueFacility> = {}): ReviewQueueFacility {
  return {
    id: FACILITY_ID,
    name: 'Bayview Surgery Center',
    facility_type: 'Ambulatory Surgery Center',
    email: 'dana@bayview.example',
    email_verified: true,
    created_at: '2026-11-20T09:00:00.000Z',
    reason: 'new_registration',
    detail: null,
    in_review_since: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function queuedApplicant(overrides: Partial<ReviewQueueApplicant> = {}): ReviewQueueApplicant {
  return {
    id: APPLICANT_ID,
    name: 'Sam Rivera',
    role_type: 'CRNA',
    email: 'sam@example.com',
    email_verified: true,
    created_at: '2026-11-18T09:00:00.000Z',
    reason: 'new_registration',
    detail: null,
    in_review_since: '2026-11-18T09:00:00.000Z',
    ...overrides,
  };
}
