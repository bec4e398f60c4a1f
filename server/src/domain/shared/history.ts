/**
 * Audit timelines are read from the log itself: each entry is one recorded event with who acted
 * and when. These are the answers of the history endpoints.
 */
import { z } from 'zod';

/** Who acted: a side of the marketplace, an admin, or the system (expiry, payments). */
export const ACTOR_SIDES = ['applicant', 'facility', 'admin', 'system'] as const;
export type ActorSide = (typeof ACTOR_SIDES)[number];

const nullableString = z.string().nullable();

/** One event of GET /job-bids/{id}/history (a bid's negotiation, or a posting's own events). */
export const historyEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['bid', 'posting']).describe("'bid' or 'posting': which stream the event belongs to."),
  bid_id: nullableString.describe("The bid the event is about; null for the posting's own events."),
  job_posting_id: nullableString,
  version: z.number().int(),
  position: z.string().describe('Place in the global log, opaque (histories are ordered by it).'),
  global_position: z.string(),
  type: z.string().describe("The event type, e.g. 'BidSubmitted', 'FacilityCountered', 'PostingPublished'."),
  at: z.string().describe("ISO date-time of the event (the command's `now`)."),
  side: z.enum(ACTOR_SIDES),
  actor: z.object({ user_id: nullableString, name: nullableString }),
  rate: z.number().nullable().describe('The rate this event names: a bid, a counter, the agreed rate, or the posted hourly rate.'),
  proposed_rate: z.number().nullable().describe('The bid after the event (bid events only).'),
  counter_rate: z.number().nullable(),
  agreed_rate: z.number().nullable(),
  state: z.string().describe("The bid's current_state, or the posting's stored status, after the event."),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * GET /job-postings/{id}/history answers at most this many events, the oldest first; the
 * `X-Has-More` header says whether later ones were left out.
 */
export const POSTING_HISTORY_CAP = 500;
export const HAS_MORE_HEADER = 'X-Has-More';

/** One event of GET /job-postings/{id}/history: the posting's own and all of its bids', in log order. */
export const postingHistoryEntrySchema = historyEntrySchema.extend({ applicant_name: nullableString });
export type PostingHistoryEntry = z.infer<typeof postingHistoryEntrySchema>;

/** One entry of GET /admin/facilities/{id}/history and GET /admin/applicants/{id}/history. */
export const recordHistoryEntrySchema = z.object({
  id: z.string(),
  version: z.number().int(),
  type: z.string(),
  at: z.string().describe('ISO date-time'),
  actor: z.object({ user_id: nullableString, side: z.enum(ACTOR_SIDES), name: nullableString }),
  data: z.record(z.string(), z.unknown()).describe("The event's own data, as recorded."),
});
export type RecordHistoryEntry = z.infer<typeof recordHistoryEntrySchema>;
