/** The bid emails, by job name (bids.reactor.ts enqueues them, the mail worker composes them). */
export const BID_EMAILS = {
  received: 'bid-received',
  applicantCountered: 'bid-applicant-countered',
  facilityCountered: 'bid-facility-countered',
  rejected: 'bid-rejected',
  connectionForApplicant: 'bid-connection-applicant',
  connectionForFacility: 'bid-connection-facility',
  positionFilled: 'bid-position-filled',
} as const;

/** What a job carries: the bid, the rate the event named, and who acted. */
export interface BidEmailJob {
  bid_id: string;
  rate: number | null;
  acted_by: string | null;
  /** A rejection's time: its email goes out only if the bid is still rejected by that very move. */
  rejected_at?: string;
}
