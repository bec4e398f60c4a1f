/**
 * Commands on a bid. Every command names its actor (either side: the decider refuses the wrong
 * one), carries `now` and a snapshot of the posting as the handler read it.
 */
import type { Command } from '../shared/events';
import type { StoredPostingStatus } from '../postings/posting-status';

export type ApplicantVerificationStatus = 'pending' | 'verified' | 'rejected';

export interface ApplicantActor {
  side: 'applicant';
  applicant_id: string;
  user_id: string;
  verification_status: ApplicantVerificationStatus;
  is_active: boolean;
  /** YYYY-MM-DD; an expired license bids no more (null: unknown, not refused). */
  license_expires_at: string | null;
}

export interface FacilityBidActor {
  side: 'facility';
  facility_id: string;
  user_id: string;
  /** Facility admins hold it implicitly: the server resolves that before calling. */
  can_manage_bids: boolean;
  facility_active: boolean;
}

export type BidActor = ApplicantActor | FacilityBidActor;

/** The posting the bid is on, as read model or stream state says now. */
export interface PostingSnapshot {
  status: StoredPostingStatus;
  auto_expire_date: string | null;
  facility_id: string;
  hourly_rate: number;
  /** False while an admin has the posting's facility suspended: its postings are hidden and take no bids. */
  facility_active: boolean;
}

interface BidCommandBase {
  actor: BidActor;
  posting: PostingSnapshot;
  now: Date;
}

export type SubmitBid = Command<'SubmitBid', BidCommandBase & { bid_id: string; job_posting_id: string; proposed_rate: number }>;
export type AcceptBid = Command<'AcceptBid', BidCommandBase>;
export type RejectBid = Command<'RejectBid', BidCommandBase>;
export type UndoRejection = Command<'UndoRejection', BidCommandBase>;
export type CounterBid = Command<'CounterBid', BidCommandBase & { counter_rate: number }>;
export type AcceptCounter = Command<'AcceptCounter', BidCommandBase>;
export type RejectCounter = Command<'RejectCounter', BidCommandBase>;
export type CounterByApplicant = Command<'CounterByApplicant', BidCommandBase & { counter_rate: number }>;
export type WithdrawBid = Command<'WithdrawBid', BidCommandBase>;

/** The posting was filled: an open bid closes (sent by the openings job; harmless on any other bid). */
export type ClosePositionFilled = Command<'ClosePositionFilled', { now: Date }>;

export type BidCommand =
  | SubmitBid
  | AcceptBid
  | RejectBid
  | UndoRejection
  | CounterBid
  | AcceptCounter
  | RejectCounter
  | CounterByApplicant
  | WithdrawBid
  | ClosePositionFilled;

export type BidCommandType = BidCommand['type'];
