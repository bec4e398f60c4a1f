import { BID_EVENT_TYPES, bidDecider, type Bid, type BidEvent } from '../server/src/domain/bids';
import { POSTING_EVENT_TYPES, postingDecider, type PostingEvent, type PostingState } from '../server/src/domain/postings';
import type { ApplicantEvent } from '../server/src/domain/applicants/applicant';
import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { BID_APPLICANT_COLUMNS, BID_FACILITY_COLUMNS } from './columns';

/** A bids row: the bid's columns and the stream version it reached. */
type BidRow = Omit<Bid, 'bid_id'> & { id: string; version: number };
type PostingRow = { id: string; facility_id: string | null; state: PostingState; version: number };
type PartyRow = Record<string, unknown> & { id: string };

interface BidsModel {
  bids: FoldedTable<BidRow>;
  postings: FoldedTable<PostingRow>;
  facilities: FoldedTable<PartyRow>;
  applicants: FoldedTable<PartyRow>;
}

/** bid_applicants stores malpractice_provided as a boolean whatever the event held. */
const applicantValue = (data: Record<string, unknown>, column: string) =>
  column === 'malpractice_provided' ? Boolean(data[column]) : (data[column] ?? null);

/**
 * The bids read model (with its copies of postings, facilities and applicants) folded in memory
 * for rebuilds: the same rows as bids.projection.ts.
 */
export function bidsReplay(): ReplayModel {
  const model: BidsModel = {
    bids: new FoldedTable<BidRow>('bids', (row) => row.id),
    postings: new FoldedTable<PostingRow>('bid_postings', (row) => row.id),
    facilities: new FoldedTable<PartyRow>('bid_facilities', (row) => row.id),
    applicants: new FoldedTable<PartyRow>('bid_applicants', (row) => row.id),
  };
  return {
    tables: [model.bids, model.postings, model.facilities, model.applicants],
    follows: [
      fold<BidEvent>('bid', BID_EVENT_TYPES, (event) => applyBid(model, event)),
      fold<PostingEvent>('posting', POSTING_EVENT_TYPES, (event) => applyPosting(model, event)),
      fold<FacilityEvent>('facility', ['FacilityRegistered', 'FacilityProfileUpdated'], (event) =>
        applyParty(model.facilities, event, BID_FACILITY_COLUMNS),
      ),
      fold<ApplicantEvent>('applicant', ['ApplicantRegistered', 'ApplicantProfileUpdated'], (event) =>
        applyParty(model.applicants, event, BID_APPLICANT_COLUMNS),
      ),
    ],
  };
}

/** The bid as the live projection reads it back from its row. */
const toBid = (row: BidRow): Bid => ({
  current_state: row.current_state,
  bid_id: row.id,
  job_posting_id: row.job_posting_id,
  applicant_id: row.applicant_id,
  applicant_user_id: row.applicant_user_id,
  facility_id: row.facility_id,
  proposed_rate: row.proposed_rate,
  counter_rate: row.counter_rate,
  agreed_rate: row.agreed_rate,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

function applyBid({ bids }: BidsModel, event: Recorded<BidEvent>): void {
  const bidId = streamId(event);
  const stored = bids.get(bidId);
  // Replays of an event the row has seen change nothing, as in the live projection.
  if (stored && stored.version >= event.version) return;
  const bid = bidDecider.evolve(stored ? toBid(stored) : bidDecider.initialState(), event);
  if (bid.current_state === 'none') return;
  const { current_state, proposed_rate, counter_rate, agreed_rate, updated_at } = bid;
  const changes = { current_state, proposed_rate, counter_rate, agreed_rate, version: event.version, updated_at };
  if (stored) {
    bids.update(bidId, changes, event);
    return;
  }
  const parties = {
    id: bidId,
    job_posting_id: bid.job_posting_id,
    applicant_id: bid.applicant_id,
    applicant_user_id: bid.applicant_user_id,
    facility_id: bid.facility_id,
  };
  bids.insert({ ...parties, ...changes, created_at: bid.created_at }, event);
}

function applyPosting({ postings }: BidsModel, event: Recorded<PostingEvent>): void {
  const postingId = streamId(event);
  const stored = postings.get(postingId);
  if (stored && stored.version >= event.version) return;
  const state = postingDecider.evolve(stored?.state ?? postingDecider.initialState(), event);
  if (state.status === 'none') return;
  postings.upsert(
    { id: postingId, facility_id: state.facility_id ?? null, state, version: event.version },
    { state, version: event.version },
    event,
  );
}

/** bid_facilities and bid_applicants: registration inserts, profile updates carry only what changed. */
function applyParty(
  table: FoldedTable<PartyRow>,
  event: Recorded<FacilityEvent> | Recorded<ApplicantEvent>,
  columns: readonly string[],
): void {
  const id = streamId(event);
  const data: Record<string, unknown> = event.data;
  if (event.type === 'FacilityRegistered') {
    const values = Object.fromEntries(columns.map((column) => [column, data[column] ?? null]));
    return table.insert({ id, ...values, admin_user_id: event.data.admin_user_id ?? null }, event);
  }
  if (event.type === 'ApplicantRegistered') {
    const values = Object.fromEntries(columns.map((column) => [column, applicantValue(data, column)]));
    return table.insert({ id, user_id: event.data.user_id ?? null, ...values }, event);
  }
  const changed = columns.filter((column) => column in data);
  if (changed.length > 0) table.update(id, Object.fromEntries(changed.map((column) => [column, applicantValue(data, column)])), event);
}
