/** One posting, one applicant, one facility; a history reaching every bid state. */
import type {
  ApplicantActor,
  BidCommand,
  BidCommandType,
  BidCurrentState,
  BidEvent,
  FacilityBidActor,
  PostingSnapshot,
} from '../../../../server/src/domain/bids';

export const NOW = new Date('2030-05-01T12:00:00.000Z');
export const AT = NOW.toISOString();
const EARLIER = '2030-04-28T09:00:00.000Z';

export const BID_ID = 'bid-1';
export const POSTING_ID = 'posting-1';
export const FACILITY_ID = 'facility-1';

export const POSTING: PostingSnapshot = {
  status: 'active',
  auto_expire_date: '2030-05-20T00:00:00.000Z',
  facility_id: FACILITY_ID,
  hourly_rate: 150,
  facility_active: true,
};
export const EXPIRED_POSTING: PostingSnapshot = { ...POSTING, auto_expire_date: AT }; // expires at now: passed
export const WITHDRAWN_POSTING: PostingSnapshot = { ...POSTING, status: 'withdrawn' };
export const DRAFT_POSTING: PostingSnapshot = { ...POSTING, status: 'draft' };

export const APPLICANT: ApplicantActor = {
  side: 'applicant',
  applicant_id: 'applicant-1',
  user_id: 'user-applicant-1',
  verification_status: 'verified',
  is_active: true,
  license_expires_at: '2032-06-30',
};
export const FACILITY: FacilityBidActor = {
  side: 'facility',
  facility_id: FACILITY_ID,
  user_id: 'user-facility-1',
  can_manage_bids: true,
  facility_active: true,
};

export const PROPOSED = 140;
export const FACILITY_COUNTER = 150;
export const APPLICANT_COUNTER = 145;
export const NEW_COUNTER = 160;

const byApplicant = { user_id: APPLICANT.user_id, at: EARLIER };
const byFacility = { user_id: FACILITY.user_id, at: EARLIER };

export const ev = {
  submitted: (): BidEvent => ({
    type: 'BidSubmitted',
    data: {
      bid_id: BID_ID,
      job_posting_id: POSTING_ID,
      applicant_id: APPLICANT.applicant_id,
      applicant_user_id: APPLICANT.user_id,
      facility_id: FACILITY_ID,
      proposed_rate: PROPOSED,
      submitted_at: EARLIER,
      ...byApplicant,
    },
  }),
  facilityCountered: (): BidEvent => ({ type: 'FacilityCountered', data: { ...byFacility, counter_rate: FACILITY_COUNTER } }),
  applicantCountered: (): BidEvent => ({ type: 'ApplicantCountered', data: { ...byApplicant, counter_rate: APPLICANT_COUNTER } }),
  facilityAccepted: (): BidEvent => ({ type: 'FacilityAccepted', data: { ...byFacility, rate: PROPOSED } }),
  facilityRejected: (): BidEvent => ({ type: 'FacilityRejected', data: byFacility }),
  counterAccepted: (): BidEvent => ({ type: 'CounterAccepted', data: { ...byApplicant, rate: FACILITY_COUNTER } }),
  counterRejected: (): BidEvent => ({ type: 'CounterRejected', data: byApplicant }),
  withdrawn: (): BidEvent => ({ type: 'BidWithdrawn', data: byApplicant }),
  closedFilled: (): BidEvent => ({ type: 'BidClosedPositionFilled', data: { job_posting_id: POSTING_ID, at: byFacility.at } }),
};

export const HISTORIES: Record<BidCurrentState | 'none', BidEvent[]> = {
  none: [],
  applicant_submitted: [ev.submitted()],
  applicant_countered: [ev.submitted(), ev.facilityCountered(), ev.applicantCountered()],
  facility_countered: [ev.submitted(), ev.facilityCountered()],
  facility_accepted: [ev.submitted(), ev.facilityAccepted()],
  applicant_counter_accepted: [ev.submitted(), ev.facilityCountered(), ev.counterAccepted()],
  applicant_counter_rejected: [ev.submitted(), ev.facilityCountered(), ev.counterRejected()],
  facility_rejected: [ev.submitted(), ev.facilityRejected()],
  applicant_withdrawn: [ev.submitted(), ev.withdrawn()],
  position_filled: [ev.submitted(), ev.closedFilled()],
};

export const FACILITY_COMMANDS = ['AcceptBid', 'RejectBid', 'CounterBid', 'UndoRejection'] as const;
export const APPLICANT_COMMANDS = ['SubmitBid', 'AcceptCounter', 'RejectCounter', 'CounterByApplicant', 'WithdrawBid'] as const;
export const ALL_COMMANDS: BidCommandType[] = [...APPLICANT_COMMANDS, ...FACILITY_COMMANDS];

const DEFAULT_RATE = Symbol('default rate');

/** A command of this type with sensible values; the side's own actor unless one is given. */
export function command(
  type: BidCommandType,
  actor: ApplicantActor | FacilityBidActor = (FACILITY_COMMANDS as readonly string[]).includes(type) ? FACILITY : APPLICANT,
  posting: PostingSnapshot = POSTING,
  rate: unknown = DEFAULT_RATE,
): BidCommand {
  const base = { actor, posting, now: NOW };
  const rateOr = (fallback: number) => (rate === DEFAULT_RATE ? fallback : rate) as number;
  switch (type) {
    case 'SubmitBid':
      return {
        type,
        data: { ...base, bid_id: BID_ID, job_posting_id: POSTING_ID, proposed_rate: rateOr(PROPOSED) },
      };
    case 'CounterBid':
    case 'CounterByApplicant':
      return { type, data: { ...base, counter_rate: rateOr(NEW_COUNTER) } };
    default:
      return { type, data: base };
  }
}
