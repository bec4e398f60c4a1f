/**
 * The applicant's list order: the shared compareApplicantBidList (bids on expired postings last,
 * then facility counters first, ties newest first), the order the server pages in.
 */
export { compareApplicantBidList as compareApplicantBids } from '@domain/bids';
