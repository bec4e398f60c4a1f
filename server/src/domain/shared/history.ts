/**
 * Audit timelines are read from the log itself: each entry is one recorded event with who acted
 * and when. These are the answers of the history endpoints.
 */

/** Who acted: a side of the marketplace, an admin, or the system (expiry, payments). */
export type ActorSide = 'applicant' | 'facility' | 'admin' | 'system';

/** One event of GET /job-bids/{id}/history (a bid's negotiation, or a posting's own events). */
export interface HistoryEntry {
  id: string;
  /** 'bid' or 'posting': which stream the event belongs to. */
  kind: 'bid' | 'posting';
  /** The bid the event is about; null for the posting's own events. */
  bid_id: string | null;
  job_posting_id: string | null;
  version: number;
  /** Place in the global log, opaque (histories are ordered by it). */
  position: string;
  global_position: string;
  /** The event type, e.g. 'BidSubmitted', 'FacilityCountered', 'PostingPublished'. */
  type: string;
  /** ISO date-time of the event (the command's `now`). */
  at: string;
  side: ActorSide;
  actor: { user_id: string | null; name: string | null };
  /** The rate this event names: a bid, a counter, the agreed rate, or the posted hourly rate. */
  rate: number | null;
  /** The bid after the event (bid events only). */
  proposed_rate: number | null;
  counter_rate: number | null;
  agreed_rate: number | null;
  /** The bid's current_state, or the posting's stored status, after the event. */
  state: string;
}

/** One event of GET /job-postings/{id}/history: the posting's own and all of its bids', in log order. */
export interface PostingHistoryEntry extends HistoryEntry {
  applicant_name: string | null;
}

/** One entry of GET /admin/facilities/{id}/history and GET /admin/applicants/{id}/history. */
export interface RecordHistoryEntry {
  id: string;
  version: number;
  type: string;
  /** ISO date-time */
  at: string;
  actor: { user_id: string | null; side: ActorSide; name: string | null };
  /** The event's own data, as recorded. */
  data: Record<string, unknown>;
}
