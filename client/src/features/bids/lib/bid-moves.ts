/**
 * The buttons a bid gets: the shared negotiation table (bidMoves / BID_MOVES) narrowed by what the
 * interface offers and by the posting, which the decider checks too (it refuses every move on a
 * posting that is no longer active, except a withdrawal).
 */
import { bidMoves, currentRate, type ApplicantBidView, type BidMoveType, type BidSide } from '@domain/bids';

/** Exists on the server (PUT /job-bids/{id}/counter-by-applicant), hidden in the interface (spec §4). */
const HIDDEN_MOVES: readonly BidMoveType[] = ['CounterByApplicant'];

export function postingTakesMoves(bid: Pick<ApplicantBidView, 'job_status' | 'posting_expired'>): boolean {
  if (bid.posting_expired) return false;
  return bid.job_status === null || bid.job_status === 'active';
}

/**
 * The moves `side` may make on `bid` from the interface. On an expired posting there are none
 * (the bid shows as closed, 'posting expired'); on a withdrawn one the applicant may still
 * withdraw. The facility's counter is hidden when the rate on the table equals the posted rate.
 */
export function availableMoves(
  bid: Pick<ApplicantBidView, 'current_state' | 'job_status' | 'posting_expired' | 'proposed_rate' | 'counter_rate' | 'job_hourly_rate'>,
  side: BidSide,
): BidMoveType[] {
  if (bid.posting_expired) return [];
  const moves = bidMoves(bid.current_state, side).filter((move) => !HIDDEN_MOVES.includes(move));
  if (!postingTakesMoves(bid)) return moves.filter((move) => move === 'WithdrawBid');
  return moves.filter((move) => move !== 'CounterBid' || !offersPostedRate(bid));
}

/** Whether the rate on the table (the applicant's bid or latest counter) is exactly the posted rate. */
export function offersPostedRate(bid: Pick<ApplicantBidView, 'proposed_rate' | 'counter_rate' | 'job_hourly_rate'>): boolean {
  return bid.job_hourly_rate !== null && currentRate(bid) === bid.job_hourly_rate;
}
