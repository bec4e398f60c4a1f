import type { EntityManager } from 'typeorm';
import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import {
  awaitsFacility,
  BID_EVENT_TYPES,
  BID_STATE_SHAPE,
  bidDecider,
  isOpenBid,
  type Bid,
  type BidEvent,
  type BidState,
} from '../server/src/domain/bids';
import { snapshotShape, type StoredBidState } from './bid-snapshots';
import { runRowWrite, type InlineProjection, type RowWrite } from '../server/src/platform/read-models/inline-projection';
import { contractValue, openingsOf, POSTING_EVENT_TYPES, POSTING_FIELD_NAMES, type PostingEvent } from '../server/src/domain/postings';
import { returnedRows } from '../server/src/database/returning';
import { rooms, type Push } from '../server/src/realtime/realtime.events';
import { insertRow, updateRow } from './sql';
import { postingsReplay } from './postings.replay';

/**
 * The `job_postings` read model: every posting with its facility's public details copied in (so
 * search needs no join) and its bid counts. The projection keeps its own copy of facility details
 * and bid states, because projections run independently and may not read each other's tables.
 */
export const postingsProjection: Projection = {
  name: 'postings',
  follows: [
    on<PostingEvent>('posting', POSTING_EVENT_TYPES, applyPosting),
    on<FacilityEvent>(
      'facility',
      ['FacilityRegistered', 'FacilityProfileUpdated', 'FacilitySuspended', 'FacilityActivated'],
      applyFacility,
    ),
    on<BidEvent>('bid', BID_EVENT_TYPES, applyBid),
  ],
  tables: ['job_postings', 'posting_facilities', 'posting_bid_states'],
  replay: postingsReplay,
};

type PushFn = ProjectionContext['push'];

async function applyPosting(event: Recorded<PostingEvent>, { tx, push }: ProjectionContext): Promise<void> {
  const id = streamId(event);
  const at = event.data.at;
  switch (event.type) {
    case 'PostingCreated': {
      const d = event.data;
      const [facility] = await tx.query('SELECT * FROM posting_facilities WHERE id = $1', [d.facility_id]);
      const fields = Object.fromEntries(POSTING_FIELD_NAMES.map((column) => [column, d[column]]));
      const row = {
        id,
        facility_id: d.facility_id,
        created_by: d.created_by,
        ...fields,
        openings: openingsOf(d),
        total_contract_value: contractValue(d),
        status: 'draft',
        auto_expire_date: d.auto_expire_date,
        facility_name: facility?.name ?? 'Facility',
        facility_type: facility?.facility_type ?? null,
        facility_city: facility?.city ?? null,
        facility_state: facility?.state ?? null,
        facility_active: facility?.is_active ?? true,
        created_at: at,
        updated_at: at,
      };
      await tx.query(...insertRow('job_postings', row, 'ON CONFLICT (id) DO NOTHING'));
      break;
    }
    case 'PostingEdited': {
      const changes: Record<string, unknown> = event.data.changes;
      const columns = [...POSTING_FIELD_NAMES, 'auto_expire_date'].filter((column) => column in changes);
      if (columns.length > 0) {
        const changed = Object.fromEntries(columns.map((column) => [column, changes[column]]));
        await tx.query(...updateRow('job_postings', id, { ...changed, updated_at: at }));
      }
      await recomputeContractValue(tx, id);
      break;
    }
    case 'PostingPublished':
    case 'PostingActivated':
      await tx.query(
        `UPDATE job_postings SET status = 'active', payment_pending = false, published_at = $2, auto_expire_date = $3, updated_at = $4 WHERE id = $1`,
        [id, event.data.published_at, event.data.auto_expire_date, at],
      );
      break;
    case 'PostingPaymentRequired':
      await tx.query('UPDATE job_postings SET payment_pending = true, updated_at = $2 WHERE id = $1', [id, at]);
      break;
    case 'PostingWithdrawn':
      await tx.query(`UPDATE job_postings SET status = 'withdrawn', updated_at = $2 WHERE id = $1`, [id, at]);
      break;
    case 'PostingReactivated':
    case 'PostingReopened':
      await tx.query(`UPDATE job_postings SET status = 'active', updated_at = $2 WHERE id = $1`, [id, at]);
      break;
    case 'PostingFilled':
      await tx.query(`UPDATE job_postings SET status = 'filled', updated_at = $2 WHERE id = $1`, [id, at]);
      break;
    case 'PostingConnectionMade':
      await tx.query('UPDATE job_postings SET connection_count = connection_count + 1, updated_at = $2 WHERE id = $1', [id, at]);
      break;
    case 'PostingExpired':
      // The status is already 'expired' by time; touching updated_at tells the dashboards.
      await tx.query('UPDATE job_postings SET updated_at = $2 WHERE id = $1', [id, at]);
      break;
  }
  await pushPosting(tx, id, push);
}

async function recomputeContractValue(tx: EntityManager, id: string): Promise<void> {
  const [row] = await tx.query(
    `SELECT to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, week_days,
            days_per_week, hours_per_day::float AS hours_per_day, hourly_rate FROM job_postings WHERE id = $1`,
    [id],
  );
  if (row) await tx.query('UPDATE job_postings SET total_contract_value = $2 WHERE id = $1', [id, contractValue(row)]);
}

async function applyFacility(event: Recorded<FacilityEvent>, { tx, push }: ProjectionContext): Promise<void> {
  const id = streamId(event);
  switch (event.type) {
    case 'FacilityRegistered': {
      const d = event.data;
      await tx.query(
        `INSERT INTO posting_facilities (id, name, facility_type, city, state) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
        [id, d.name, d.facility_type, d.city, d.state],
      );
      return;
    }
    case 'FacilityProfileUpdated': {
      const d = event.data;
      await tx.query(
        `UPDATE posting_facilities SET name = COALESCE($2, name), facility_type = COALESCE($3, facility_type),
           city = COALESCE($4, city), state = COALESCE($5, state) WHERE id = $1`,
        [id, d.name ?? null, d.facility_type ?? null, d.city ?? null, d.state ?? null],
      );
      await tx.query(
        `UPDATE job_postings p SET facility_name = f.name, facility_type = f.facility_type, facility_city = f.city, facility_state = f.state
           FROM posting_facilities f WHERE f.id = $1 AND p.facility_id = f.id`,
        [id],
      );
      return;
    }
    case 'FacilitySuspended':
    case 'FacilityActivated': {
      const active = event.type === 'FacilityActivated';
      await tx.query('UPDATE posting_facilities SET is_active = $2 WHERE id = $1', [id, active]);
      const changed = returnedRows<{ id: string }>(
        await tx.query('UPDATE job_postings SET facility_active = $2 WHERE facility_id = $1 RETURNING id', [id, active]),
      );
      for (const row of changed) await pushPosting(tx, row.id, push);
      return;
    }
  }
}

/** Each bid's state is folded with bidDecider.evolve; the posting's counts follow from it. */
async function applyBid(event: Recorded<BidEvent>, context: ProjectionContext): Promise<void> {
  const bidId = streamId(event);
  const [stored]: StoredBidState[] = await context.tx.query(
    'SELECT state, version, state_shape FROM posting_bid_states WHERE bid_id = $1',
    [bidId],
  );
  // Already there: the bid command wrote it inline, or a rebuild raced this batch. (NULL: a row
  // from before versions were kept, applied as it always was.)
  if (stored?.version != null && stored.version >= event.version) return;
  const bid = bidDecider.evolve(stored?.state ?? bidDecider.initialState(), event);
  if (bid.current_state === 'none') return;
  await runRowWrite(context.tx, bidStateWrite(bidId, bid, event.version, snapshotShape(stored ?? null, event.version)), context.push);
}

/**
 * The bid's state and its posting's counts written by the bid command itself, in its append's
 * transaction, from the state it folded (the whole stream, or a snapshot and the events after
 * it): the posting's page and dashboard show the bid at once, and the next command folds from it.
 */
export const postingBidsInline: InlineProjection<BidState> = {
  projection: postingsProjection.name,
  write: ({ state, version }) => (state.current_state === 'none' ? null : bidStateWrite(state.bid_id, state, version, BID_STATE_SHAPE)),
};

/** The bid's state as of `version` (never over a newer one), the posting's counts, and its pushes. */
function bidStateWrite(bidId: string, bid: Bid, version: number, shape: number | null): RowWrite {
  // Counting sees only what committed before the statement began: bids of one posting written
  // side by side (inline by their commands, or by a batch) count one after the other once the
  // posting's row is locked, the counting statement's snapshot being taken after the lock.
  const lock = { sql: 'SELECT 1 FROM job_postings WHERE id = $1 FOR UPDATE', values: [bid.job_posting_id] };
  const row = {
    bid_id: bidId,
    job_posting_id: bid.job_posting_id,
    awaiting_response: awaitsFacility(bid.current_state),
    open: isOpenBid(bid.current_state),
    state: JSON.stringify(bid),
    version,
    state_shape: shape,
  };
  const [insert, values] = insertRow(
    'posting_bid_states',
    row,
    `ON CONFLICT (bid_id) DO UPDATE SET awaiting_response = EXCLUDED.awaiting_response, open = EXCLUDED.open, state = EXCLUDED.state,
       version = EXCLUDED.version, state_shape = EXCLUDED.state_shape
     WHERE posting_bid_states.version IS NULL OR posting_bid_states.version < EXCLUDED.version
     RETURNING awaiting_response`,
  );
  // One statement: the bid's state, then the counts from the other bids (as committed) plus this
  // one as it now stands (as written, or the newer row that stopped the write). RETURNING gives
  // what the push needs, saving a read per bid event. ($1 is the bid id: the row's first column.)
  const posting = values.length + 1;
  const count = {
    sql: `WITH stored AS (${insert}),
     mine AS (
       SELECT awaiting_response FROM stored
       UNION ALL
       SELECT awaiting_response FROM posting_bid_states WHERE bid_id = $1 AND NOT EXISTS (SELECT 1 FROM stored)
     )
     UPDATE job_postings SET
       bid_count = (SELECT count(*) FROM posting_bid_states WHERE job_posting_id = $${posting} AND bid_id <> $1)
                   + (SELECT count(*) FROM mine),
       awaiting_response_count = (SELECT count(*) FROM posting_bid_states WHERE job_posting_id = $${posting} AND awaiting_response AND bid_id <> $1)
                   + (SELECT count(*) FROM mine WHERE awaiting_response)
     WHERE id = $${posting}
     RETURNING facility_id`,
    values: [...values, bid.job_posting_id],
  };
  return {
    statements: [lock, count],
    pushes: ([, counted]) => {
      const [stored] = counted as { facility_id: string }[];
      if (!stored) return [];
      // A bid's move changes only the posting's counts, which the public does not see: its room,
      // where every screen showing the posting listens, is not told.
      const id = bid.job_posting_id;
      return [
        { room: [rooms.facility(stored.facility_id), rooms.postingAdmins(id)], event: 'posting.updated', payload: { id } },
      ] satisfies Push[];
    },
  };
}

/** Members of the facility see every change of their postings, whoever made it. */
async function pushPosting(tx: EntityManager, id: string, push: PushFn): Promise<void> {
  const [row] = await tx.query('SELECT facility_id, status FROM job_postings WHERE id = $1', [id]);
  if (row) pushPostingRow(id, row, push);
}

function pushPostingRow(id: string, row: { facility_id: string; status: string }, push: PushFn): void {
  push({ room: rooms.facility(row.facility_id), event: 'posting.updated', payload: { id } });
  // The posting's room is public: drafts are nobody else's business.
  if (row.status !== 'draft') push({ room: rooms.posting(id), event: 'posting.updated', payload: { id } });
}
