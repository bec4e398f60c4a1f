/**
 * The applicant's list order: the shared compareBidsForApplicant (facility counters first, ties
 * newest first). A bid on an expired posting is closed whatever its state (spec part 1 §4), so
 * those come after every live bid instead of ranking by a state nobody can act on any more.
 */
import { compareBidsForApplicant, type ApplicantBidView } from '@domain/bids';

export function compareApplicantBids(a: ApplicantBidView, b: ApplicantBidView): number {
  return Number(a.posting_expired) - Number(b.posting_expired) || compareBidsForApplicant(a, b);
}
