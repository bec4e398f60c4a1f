/**
 * Shapes of the API answers the client relies on (spec part 1 §3, part 2 §3). Vocabularies come
 * from the shared domain modules (`@domain/*`), so client and server spell them the same way.
 */
import type { UserRole, VerificationStatus } from '@domain/accounts/constants';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';
import type { LodgingFrequency, PostingAction, PostingStatus, RoleType, SearchFilters, SupervisionType } from '@domain/postings';

export type { UserRole, VerificationStatus };

/** What a route or a menu entry may require. 'admin' means `is_admin`. */
export type AccessRole = 'applicant' | 'facility_admin' | 'admin';

export interface PersonName {
  first_name: string | null;
  last_name: string | null;
}

/** GET /users/me */
export interface CurrentUser extends PersonName {
  id: string;
  email: string;
  role: UserRole;
  is_admin: boolean;
  email_verified: boolean;
  created_at?: string;
  updated_at?: string;
  last_login?: string | null;
  /** The facility the user is a member of (facility_admin), else null. */
  facility: {
    id?: string;
    name: string;
    verification_status?: VerificationStatus;
    is_active?: boolean;
    posting_credits?: number;
    admin: (PersonName & { email?: string | null }) | null;
  } | null;
  /** The applicant profile (applicant), else null. 'pending' reads 'pending identity confirmation'. */
  applicant: { id?: string; verification_status: VerificationStatus; is_active?: boolean } | null;
}

/** GET /users/me/facility-permissions (facility_admin only) */
export type FacilityPermissions = CurrentFacilityPermissions;

/** POST /auth/login */
export interface AccessToken {
  access_token: string;
  token_type: string;
}

/** One entry of a 422 answer's `detail` list. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

// ---------------------------------------------------------------------------------------------
// Job postings (part 1 §3 'Job posting'; server/src/postings/posting-views.ts)

export type { LodgingFrequency, PostingAction, PostingStatus, RoleType, SearchFilters, SupervisionType };

/** GET /job-postings/procedure-types: one entry. */
export interface ProcedureType {
  id: number;
  name: string;
}

/** A posting as everyone may see it (search results, the public /jobs/{id}). */
export interface JobPosting {
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
  published_at: string | null;
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
export interface FacilityJobPosting extends JobPosting {
  facility_id: string;
  updated_at: string;
  /** A publish is waiting for its payment. */
  payment_pending: boolean;
  /** What the facility may do now (the shared postingActions). */
  actions: PostingAction[];
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

/** GET /job-postings/{id} answers either shape, depending on who asks. */
export type JobPostingView = JobPosting | FacilityJobPosting;

/** GET /job-postings?...&sort=&limit=&offset= */
export interface JobPostingSearchPage {
  job_postings: JobPosting[];
  total: number;
}

/** POST /job-postings/{id}/publish */
export type PublishPostingResult = FacilityJobPosting & {
  /** No posting credit: the posting stays a draft until a payment goes through. */
  requires_payment: boolean;
};

/** GET/PUT /applicants/search-filters */
export type SavedSearchFilters = SearchFilters;

/** The facility's admin user, as the admin facility endpoints nest it. */
export interface AdminFacilityContact extends PersonName {
  email: string | null;
  email_verified: boolean | null;
}

/** GET /admin/facilities (array, newest first) and GET /admin/facilities/{id} */
export interface AdminFacility {
  id: string;
  name: string;
  facility_type: string | null;
  npi: string | null;
  description: string | null;
  /** 10 digits */
  phone: string | null;
  website: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  verification_status: VerificationStatus;
  is_active: boolean;
  posting_credits: number;
  /** Lines of '[ISO timestamp] text', oldest first. */
  verification_notes: string | null;
  admin_user_id: string | null;
  created_at: string;
  updated_at: string;
  admin: AdminFacilityContact;
}

/** GET /admin/facilities/{id}/users */
export interface AdminFacilityUser extends PersonName {
  id: string;
  email: string;
  email_verified: boolean;
  is_active: boolean;
  role: 'admin' | 'user';
  is_legacy_admin: boolean;
  /** 'Admin' or 'User' */
  user_type: string;
  created_at: string;
}

/** GET /admin/applicants (array, newest first) and GET /admin/applicants/{id} */
export interface AdminApplicant extends PersonName {
  id: string;
  user_id: string;
  role_type: 'CRNA' | 'Anesthesiologist';
  license_number: string | null;
  license_state: string | null;
  /** YYYY-MM-DD on the detail answer */
  license_expires_at: string | null;
  npi: string | null;
  linkedin_profile: string | null;
  /** YYYY-MM-DD on the detail answer */
  experience_started_at: string | null;
  bio: string | null;
  hourly_rate_min: number | null;
  hourly_rate_max: number | null;
  preferred_radius_miles: number;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  certifications: string[];
  malpractice_provided: boolean;
  job_search_frequency_days: number;
  verification_status: VerificationStatus;
  is_active: boolean;
  /** Lines of '[ISO timestamp] text', oldest first. */
  verification_notes: string | null;
  created_at: string;
  updated_at: string;
  user: PersonName & { email: string | null; email_verified: boolean | null };
}

/** One entry of GET /admin/facilities/{id}/history and GET /admin/applicants/{id}/history. */
export interface RecordHistoryEntry {
  id: string;
  version: number;
  type: string;
  /** ISO timestamp */
  at: string;
  actor: { user_id?: string | null; side: 'applicant' | 'facility' | 'admin' | 'system'; name: string | null };
  data: Record<string, unknown>;
}

// ---- Bids (features/bids), server/src/bids/bid-views.ts and history/negotiation-history.ts ----

/** A posting's public status, 'expired' derived from time. */
export type BidJobStatus = 'draft' | 'active' | 'withdrawn' | 'expired';

/** A bid as the applicant sees it: GET /job-bids/my-bids, their command answers and 'bid.updated' pushes. */
export interface ApplicantBid {
  id: string;
  job_posting_id: string;
  job_title: string | null;
  job_start_date: string | null;
  job_end_date: string | null;
  job_week_days: number[];
  job_hourly_rate: number | null;
  job_total_contract_value: number | null;
  job_auto_expire_date: string | null;
  job_status: BidJobStatus | null;
  facility: { id: string; name: string | null; city: string | null; state: string | null; type: string | null };
  /** The applicant's first bid. */
  proposed_rate: number;
  /** The latest counter from either side, null until someone counters. */
  counter_rate: number | null;
  /** The rate on the table now (the latest counter, else the bid). */
  current_rate: number;
  /** Set once connected. */
  agreed_rate: number | null;
  current_state: import('@domain/bids').BidCurrentState;
  created_at: string;
  updated_at: string;
  /** A bid on an expired posting is shown as closed ('posting expired'). */
  posting_expired: boolean;
  /** A facility counter on a posting still open: 'needs your attention'. */
  needs_attention: boolean;
  filter: Exclude<import('@domain/bids').ApplicantBidFilter, 'all'>;
}

/** A bid as the posting's facility sees it: GET /job-bids/job/{id}/bids, command answers, pushes. */
export interface FacilityBid extends ApplicantBid {
  applicant_id: string;
  applicant_name: string | null;
  applicant_experience_years: number;
  applicant_license_state: string | null;
  applicant_malpractice_provided: boolean;
}

/** One event of GET /job-bids/{id}/history (and, with applicant_name, of a posting's history). */
export interface BidHistoryEntry {
  id: string;
  kind: 'bid' | 'posting';
  bid_id: string | null;
  job_posting_id: string | null;
  version: number;
  position: string;
  global_position: string;
  /** The event type, e.g. 'BidSubmitted', 'FacilityCountered', 'PostingPublished'. */
  type: string;
  /** ISO date-time of the event. */
  at: string;
  side: 'applicant' | 'facility' | 'admin' | 'system';
  actor: { user_id: string | null; name: string | null };
  /** The rate this event names: a bid, a counter, the agreed rate, or the posted hourly rate. */
  rate: number | null;
  proposed_rate: number | null;
  counter_rate: number | null;
  agreed_rate: number | null;
  /** The bid's current_state, or the posting's stored status, after the event. */
  state: string;
}

/** One event of GET /job-postings/{id}/history: the posting's own and all of its bids', in log order. */
export interface PostingHistoryEntry extends BidHistoryEntry {
  applicant_name: string | null;
}

/** What the bid section reads of GET /job-postings/{id}. */
export interface BidPostingSummary {
  id: string;
  title: string;
  status: BidJobStatus;
  hourly_rate: number;
  auto_expire_date: string | null;
  facility_name: string | null;
}

// ---------------------------------------------------------------------------------------------
// Accounts: registration, email and password flows, own profile, facility and applicant profiles
// (part 1 §3 and §7, part 2 §3 and §7; server/src/auth, server/src/accounts, server/src/facilities,
// server/src/applicants). Inline imports keep this section independent of the file's header.

/** A plain confirmation, e.g. POST /auth/request-password-reset, /auth/verify-email, /auth/reset-password. */
export interface MessageResponse {
  message: string;
}

/** GET /auth/check-email, /auth/check-npi, /auth/check-license */
export interface Availability {
  available: boolean;
}

/** POST /auth/register (201) */
export interface RegistrationResult {
  id: string;
  email: string;
  role: UserRole;
  message: string;
}

/** POST /facility-user-invites/validate-token {token} (part 1 §3 'Invitation validation response'). */
export interface InvitationValidation {
  valid: boolean;
  facility_name?: string | null;
  inviter_name?: string | null;
  role?: import('@domain/accounts/facility-permissions').FacilityMemberRole;
  expired?: boolean;
  used?: boolean;
  email?: string | null;
}

/** GET /users/me as the own-profile page reads it: the current user plus the unconfirmed new email. */
export interface UserDetails extends CurrentUser {
  /** A new sign-in email waiting for confirmation from that address, else null. */
  pending_email?: string | null;
  display_name?: string;
}

/** PUT /users/me: the updated user and a sentence about what happened (e.g. a confirmation link sent). */
export interface UpdatedUserDetails extends UserDetails {
  message?: string;
}

/** PUT /users/me/password: the old token stops working; this one replaces it. */
export interface PasswordChanged extends AccessToken {
  message: string;
}

/** GET and PUT /facilities/profile */
export interface FacilityProfileRecord {
  id: string;
  name: string;
  facility_type: string | null;
  npi: string | null;
  description: string | null;
  /** 10 digits */
  phone: string | null;
  website: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  verification_status: VerificationStatus;
  is_active: boolean;
  posting_credits: number;
  created_at: string;
  updated_at: string;
  admin: (PersonName & { email: string | null; email_verified?: boolean }) | null;
  /** Whether the caller may edit (legacy admin, member admin, or can_manage_billing). */
  can_edit: boolean;
}

/** GET and PUT /applicants/profile */
export interface ApplicantProfileRecord extends PersonName {
  id: string;
  user_id: string;
  role_type: import('@domain/accounts/constants').ApplicantRoleType;
  license_number: string | null;
  license_state: string | null;
  /** YYYY-MM-DD */
  license_expires_at: string | null;
  npi: string | null;
  linkedin_profile: string | null;
  /** YYYY-MM-DD */
  experience_started_at: string | null;
  bio: string | null;
  hourly_rate_min: number | null;
  hourly_rate_max: number | null;
  preferred_radius_miles: number;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  certifications: string[];
  malpractice_provided: boolean;
  job_search_frequency_days: number;
  verification_status: VerificationStatus;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  user: PersonName & { email: string; email_verified: boolean };
}
