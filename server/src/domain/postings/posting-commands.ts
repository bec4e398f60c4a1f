/** Commands on a job posting. Each carries `now`, so decisions never read a clock. */
import type { Command } from '../shared/events';
import type { JobPostingInput } from './job-form';

export type FacilityVerificationStatus = 'pending' | 'verified' | 'rejected';

/** The facility member sending the command, with the flags the server loaded for them. */
export interface FacilityMember {
  user_id: string;
  facility_id: string;
  /** Admins (and legacy admins) hold every flag: the server resolves that before calling. */
  permissions: { can_create_jobs: boolean; can_edit_jobs: boolean; can_publish_jobs: boolean };
  facility: { verification_status: FacilityVerificationStatus; is_active: boolean };
}

interface ByMember {
  actor: FacilityMember;
  now: Date;
}

export type CreatePosting = Command<'CreatePosting', ByMember & { posting_id: string; form: JobPostingInput }>;

/** The whole parsed form (PUT); only what differs from the posting becomes an event. */
export type EditPosting = Command<'EditPosting', ByMember & { form: JobPostingInput }>;

export type PublishPosting = Command<
  'PublishPosting',
  ByMember & {
    /** The facility's posting credits right now; above 0 pays with one. */
    facility_credits: number;
    /** An explicit end for the new period; default: see the decider's periodEnd. */
    auto_expire_date?: string | null;
  }
>;

/**
 * The payment for a posting awaiting payment went through. No permission check: the money is
 * taken, and it may be a webhook with no user at all (user_id null).
 */
export type ConfirmPayment = Command<'ConfirmPayment', { user_id: string | null; now: Date }>;

export type WithdrawPosting = Command<'WithdrawPosting', ByMember>;

/**
 * Back live after a withdrawal: billing stopped at the withdrawal, so, like publishing, it spends a
 * credit (a new period) or waits for a payment.
 */
export type ReactivatePosting = Command<'ReactivatePosting', ByMember & { facility_credits: number }>;

/**
 * Billing stopped for want of payment (a renewal still unpaid at the end of its month, or Stripe
 * gave up): the posting leaves search as withdrawn, by the system. Harmless when not live.
 */
export type WithdrawUnpaidPosting = Command<'WithdrawUnpaidPosting', { now: Date }>;

/** Sent by the expiry job at auto_expire_date; harmless when early, late or repeated. */
export type ExpirePosting = Command<'ExpirePosting', { now: Date }>;

/** A bid on the posting connected (sent by the openings job; a bid already recorded is a no-op). */
export type RecordConnection = Command<'RecordConnection', { bid_id: string; now: Date }>;

/** A filled posting takes bids again. */
export type ReopenPosting = Command<'ReopenPosting', ByMember>;

export type PostingCommand =
  | CreatePosting
  | EditPosting
  | PublishPosting
  | ConfirmPayment
  | WithdrawPosting
  | WithdrawUnpaidPosting
  | ReactivatePosting
  | ExpirePosting
  | RecordConnection
  | ReopenPosting;
