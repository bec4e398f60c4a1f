import type { EntityManager } from 'typeorm';
import type { Projection } from '../server/src/platform/read-models/projection';
import type { RecordedEvent } from '../server/src/eventstore/event-store.port';
import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import { awaitsFacility, isOpenBid, type BidCurrentState, type BidEvent } from '../server/src/domain/bids';
import { contractValue, type PostingEvent, type PostingFields } from '../server/src/domain/postings';
import { returnedRows } from '../server/src/database/returning';
import { rooms } from '../server/src/realtime/realtime.events';

const FIELD_COLUMNS = [
  'title',
  'role_type',
  'start_date',
  'end_date',
  'week_days',
  'hourly_rate',
  'hours_per_day',
  'days_per_week',
  'required_license_state',
  'procedure_type_ids',
  'on_call_ratio',
  'supervision_type',
  'malpractice_amount',
  'lodging_amount',
  'lodging_frequency',
  'travel_allowance_amount',
] as const satisfies readonly (keyof PostingFields)[];

/** The state a bid is in after each event (the bid decider's evolve, reduced to what counts need). */
const BID_STATE_AFTER: Record<BidEvent['type'], BidCurrentState> = {
  BidSubmitted: 'applicant_submitted',
  FacilityCountered: 'facility_countered',
  ApplicantCountered: 'applicant_countered',
  FacilityAccepted: 'facility_accepted',
  FacilityRejected: 'facility_rejected',
  RejectionUndone: 'applicant_submitted',
  CounterAccepted: 'applicant_counter_accepted',
  CounterRejected: 'applicant_counter_rejected',
  BidWithdrawn: 'applicant_withdrawn',
};

const POSTING_TYPES: PostingEvent['type'][] = [
  'PostingCreated',
  'PostingEdited',
  'PostingPublished',
  'PostingPaymentRequired',
  'PostingActivated',
  'PostingWithdrawn',
  'PostingReactivated',
  'PostingExpired',
];
const FACILITY_TYPES: FacilityEvent['type'][] = ['FacilityRegistered', 'FacilityProfileUpdated', 'FacilitySuspended', 'FacilityActivated'];

/**
 * The `job_postings` read model: every posting with its facility's public details copied in (so
 * search needs no join) and its bid counts. The projection keeps its own copy of facility details
 * and bid states, because projections run independently and may not read each other's tables.
 */
export const postingsProjection: Projection = {
  name: 'postings',
  handles: [...POSTING_TYPES, ...FACILITY_TYPES, ...(Object.keys(BID_STATE_AFTER) as BidEvent['type'][])],
  streams: ['posting-', 'facility-', 'bid-'],
  reset: async (tx) => {
    await tx.query('TRUNCATE job_postings, posting_facilities, posting_bid_states');
  },
  apply: async (recorded, { tx, push }) => {
    if (recorded.stream.startsWith('facility-')) return applyFacility(recorded, tx, push);
    if (recorded.stream.startsWith('bid-')) return applyBid(recorded, tx, push);
    return applyPosting(recorded, tx, push);
  },
};

type PushFn = Parameters<Projection['apply']>[1]['push'];

async function applyPosting(recorded: RecordedEvent, tx: EntityManager, push: PushFn): Promise<void> {
  const event = recorded as unknown as PostingEvent;
  const id = recorded.stream.replace(/^posting-/, '');
  const at = event.data.at;
  switch (event.type) {
    case 'PostingCreated': {
      const d = event.data;
      const [facility] = await tx.query('SELECT * FROM posting_facilities WHERE id = $1', [d.facility_id]);
      await tx.query(
        `INSERT INTO job_postings (id, facility_id, created_by, ${FIELD_COLUMNS.join(', ')}, total_contract_value, status,
           auto_expire_date, facility_name, facility_type, facility_city, facility_state, facility_active, created_at, updated_at)
         VALUES ($1, $2, $3, ${FIELD_COLUMNS.map((_, i) => `$${i + 4}`).join(', ')}, $20, 'draft', $21, $22, $23, $24, $25, $26, $27, $27)
         ON CONFLICT (id) DO NOTHING`,
        [
          id,
          d.facility_id,
          d.created_by,
          ...FIELD_COLUMNS.map((c) => d[c]),
          contractValue(d),
          d.auto_expire_date,
          facility?.name ?? 'Facility',
          facility?.facility_type ?? null,
          facility?.city ?? null,
          facility?.state ?? null,
          facility?.is_active ?? true,
          at,
        ],
      );
      break;
    }
    case 'PostingEdited': {
      const changes = event.data.changes as Record<string, unknown>;
      const columns = [...FIELD_COLUMNS.filter((c) => c in changes), ...('auto_expire_date' in changes ? ['auto_expire_date'] : [])];
      if (columns.length > 0) {
        await tx.query(
          `UPDATE job_postings SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = $${columns.length + 2} WHERE id = $1`,
          [id, ...columns.map((c) => changes[c]), at],
        );
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
      await tx.query(`UPDATE job_postings SET status = 'active', updated_at = $2 WHERE id = $1`, [id, at]);
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

async function applyFacility(recorded: RecordedEvent, tx: EntityManager, push: PushFn): Promise<void> {
  const event = recorded as unknown as FacilityEvent;
  const id = recorded.stream.replace(/^facility-/, '');
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

async function applyBid(recorded: RecordedEvent, tx: EntityManager, push: PushFn): Promise<void> {
  const event = recorded as unknown as BidEvent;
  const bidId = recorded.stream.replace(/^bid-/, '');
  const state = BID_STATE_AFTER[event.type];
  if (event.type === 'BidSubmitted') {
    await tx.query(
      `INSERT INTO posting_bid_states (bid_id, job_posting_id, awaiting_response, open) VALUES ($1, $2, $3, $4) ON CONFLICT (bid_id) DO NOTHING`,
      [bidId, event.data.job_posting_id, awaitsFacility(state), isOpenBid(state)],
    );
  } else {
    await tx.query('UPDATE posting_bid_states SET awaiting_response = $2, open = $3 WHERE bid_id = $1', [
      bidId,
      awaitsFacility(state),
      isOpenBid(state),
    ]);
  }
  const [bid] = await tx.query('SELECT job_posting_id FROM posting_bid_states WHERE bid_id = $1', [bidId]);
  if (!bid) return;
  await tx.query(
    `UPDATE job_postings SET
       bid_count = (SELECT count(*) FROM posting_bid_states WHERE job_posting_id = $1),
       awaiting_response_count = (SELECT count(*) FROM posting_bid_states WHERE job_posting_id = $1 AND awaiting_response)
     WHERE id = $1`,
    [bid.job_posting_id],
  );
  await pushPosting(tx, bid.job_posting_id, push);
}

/** Members of the facility see every change of their postings, whoever made it. */
async function pushPosting(tx: EntityManager, id: string, push: PushFn): Promise<void> {
  const [row] = await tx.query('SELECT facility_id, status FROM job_postings WHERE id = $1', [id]);
  if (!row) return;
  push({ room: rooms.facility(row.facility_id), event: 'posting.updated', payload: { id } });
  // The posting's room is public: drafts are nobody else's business.
  if (row.status !== 'draft') push({ room: rooms.posting(id), event: 'posting.updated', payload: { id } });
}
