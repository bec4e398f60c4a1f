import type { EntityManager } from 'typeorm';
import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { BID_EVENT_TYPES, bidDecider, type Bid, type BidEvent, type BidState } from '../server/src/domain/bids';
import { runRowWrite, type InlineProjection, type RowWrite } from '../server/src/platform/read-models/inline-projection';
import { POSTING_EVENT_TYPES, postingDecider, type PostingEvent, type PostingState } from '../server/src/domain/postings';
import type { ApplicantEvent } from '../server/src/domain/applicants/applicant';
import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import { rooms } from '../server/src/realtime/realtime.events';
import { applicantBidView, facilityBidView, type BidRow } from '../server/src/domain/bids/bid-view';
import { upsertBidRowSql } from '../server/src/bids/bid-rows';
import { BID_APPLICANT_COLUMNS, BID_FACILITY_COLUMNS } from './columns';
import { bidsReplay } from './bids.replay';

/**
 * The bids read model: one row per bid, folded with bidDecider.evolve, plus this projection's own
 * copies of the postings, facilities and applicants the bid views show. Every bid change pushes
 * `bid.updated` to the applicant's user room (applicant view) and the facility's room (facility
 * view), after the transaction commits.
 */
export const bidsProjection: Projection = {
  name: 'bids',
  // Every posting event: the copy of the posting is folded with the posting's own decider.
  follows: [
    on<BidEvent>('bid', BID_EVENT_TYPES, applyBidEvent),
    on<PostingEvent>('posting', POSTING_EVENT_TYPES, applyPostingEvent),
    on<FacilityEvent>('facility', ['FacilityRegistered', 'FacilityProfileUpdated'], applyFacilityEvent),
    on<ApplicantEvent>('applicant', ['ApplicantRegistered', 'ApplicantProfileUpdated'], applyApplicantEvent),
  ],
  tables: ['bids', 'bid_postings', 'bid_facilities', 'bid_applicants'],
  replay: bidsReplay,
};

interface StoredBid {
  id: string;
  job_posting_id: string;
  applicant_id: string;
  applicant_user_id: string;
  facility_id: string;
  current_state: Bid['current_state'];
  proposed_rate: number;
  counter_rate: number | null;
  agreed_rate: number | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

async function applyBidEvent(event: Recorded<BidEvent>, context: ProjectionContext): Promise<void> {
  const bidId = streamId(event);
  const [stored]: StoredBid[] = await context.tx.query('SELECT * FROM bids WHERE id = $1', [bidId]);
  // Replays (a rebuild racing a live batch, a re-delivered event, a row the command wrote inline) change nothing.
  if (stored && stored.version >= event.version) return;
  const before = stored ? toBid(stored) : bidDecider.initialState();
  const bid = bidDecider.evolve(before, event);
  if (bid.current_state === 'none') return;
  await runRowWrite(context.tx, bidWrite(bidId, bid, event.version), context.push);
}

/**
 * The bid's row written by the bid command itself, in its append's transaction, from the state
 * it folded: the caller's next read shows it at once (see InlineProjection).
 */
export const bidsInline: InlineProjection<BidState> = {
  projection: bidsProjection.name,
  write: ({ state, version }) => (state.current_state === 'none' ? null : bidWrite(state.bid_id, state, version)),
};

/** The bid's row as of `version` (never over a newer one), and both sides' views pushed. */
function bidWrite(bidId: string, bid: Bid, version: number): RowWrite {
  const upsert = `INSERT INTO bids (id, job_posting_id, applicant_id, applicant_user_id, facility_id, current_state,
                       proposed_rate, counter_rate, agreed_rate, version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (id) DO UPDATE SET current_state = EXCLUDED.current_state, proposed_rate = EXCLUDED.proposed_rate,
       counter_rate = EXCLUDED.counter_rate, agreed_rate = EXCLUDED.agreed_rate, version = EXCLUDED.version,
       updated_at = EXCLUDED.updated_at
     WHERE bids.version < EXCLUDED.version
     RETURNING *`;
  const values = [
    bidId,
    bid.job_posting_id,
    bid.applicant_id,
    bid.applicant_user_id,
    bid.facility_id,
    bid.current_state,
    bid.proposed_rate,
    bid.counter_rate,
    bid.agreed_rate,
    version,
    bid.created_at,
    bid.updated_at,
  ];
  return {
    statements: [{ sql: upsertBidRowSql(upsert), values }],
    pushes: ([rows]) => {
      const [row] = rows as BidRow[];
      if (!row) return [];
      // Experience years and 'expired' depend on the time: computed as the push leaves.
      const now = new Date();
      // Admins with the posting open read its applicants as the facility does: one message to both rooms.
      return [
        { room: rooms.user(row.applicant_user_id), event: 'bid.updated', payload: applicantBidView(row, now) },
        {
          room: [rooms.facility(row.facility_id), rooms.postingAdmins(row.job_posting_id)],
          event: 'bid.updated',
          payload: facilityBidView(row, now),
        },
      ];
    },
  };
}

function toBid(row: StoredBid): Bid {
  return {
    current_state: row.current_state,
    bid_id: row.id,
    job_posting_id: row.job_posting_id,
    applicant_id: row.applicant_id,
    applicant_user_id: row.applicant_user_id,
    facility_id: row.facility_id,
    proposed_rate: row.proposed_rate,
    counter_rate: row.counter_rate,
    agreed_rate: row.agreed_rate,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function applyPostingEvent(event: Recorded<PostingEvent>, { tx }: ProjectionContext): Promise<void> {
  const postingId = streamId(event);
  const [stored]: { state: PostingState; version: number }[] = await tx.query('SELECT state, version FROM bid_postings WHERE id = $1', [
    postingId,
  ]);
  if (stored && stored.version >= event.version) return;
  const state = postingDecider.evolve(stored?.state ?? postingDecider.initialState(), event);
  if (state.status === 'none') return;
  await tx.query(
    `INSERT INTO bid_postings (id, facility_id, state, version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version`,
    [postingId, state.facility_id, JSON.stringify(state), event.version],
  );
}

async function applyFacilityEvent(event: Recorded<FacilityEvent>, { tx }: ProjectionContext): Promise<void> {
  const id = streamId(event);
  const data: Record<string, unknown> = event.data;
  if (event.type === 'FacilityRegistered') {
    await tx.query(
      `INSERT INTO bid_facilities (id, ${BID_FACILITY_COLUMNS.join(', ')}, admin_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING`,
      [id, ...BID_FACILITY_COLUMNS.map((column) => data[column] ?? null), event.data.admin_user_id],
    );
    return;
  }
  await updatePresent(tx, 'bid_facilities', id, BID_FACILITY_COLUMNS, data);
}

async function applyApplicantEvent(event: Recorded<ApplicantEvent>, { tx }: ProjectionContext): Promise<void> {
  const id = streamId(event);
  const data: Record<string, unknown> = event.data;
  if (event.type === 'ApplicantRegistered') {
    await tx.query(
      `INSERT INTO bid_applicants (id, user_id, ${BID_APPLICANT_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING`,
      [
        id,
        event.data.user_id,
        ...BID_APPLICANT_COLUMNS.map((column) => (column === 'malpractice_provided' ? Boolean(data[column]) : (data[column] ?? null))),
      ],
    );
    return;
  }
  await updatePresent(tx, 'bid_applicants', id, BID_APPLICANT_COLUMNS, data);
}

/** Profile updates carry only the fields that changed. */
async function updatePresent(tx: EntityManager, table: string, id: string, columns: readonly string[], data: Record<string, unknown>) {
  const changed = columns.filter((column) => column in data);
  if (changed.length === 0) return;
  const values = changed.map((column) => (column === 'malpractice_provided' ? Boolean(data[column]) : (data[column] ?? null)));
  await tx.query(`UPDATE ${table} SET ${changed.map((column, i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...values]);
}
