import type { EntityManager } from 'typeorm';
import type { Projection, ProjectionContext } from '../server/src/projections/projection';
import type { RecordedEvent } from '../server/src/eventstore/event-store.port';
import { bidDecider, type Bid, type BidEvent, type BidEventType } from '../server/src/domain/bids';
import { postingDecider, type PostingEvent, type PostingEventType, type PostingState } from '../server/src/domain/postings';
import type { ApplicantEvent } from '../server/src/domain/applicants/applicant';
import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import { rooms } from '../server/src/realtime/realtime.events';
import { applicantBidView, facilityBidView } from '../server/src/domain/bids/bid-view';
import { loadBidRow } from '../server/src/bids/bid-rows';

export const BID_EVENT_TYPES: readonly BidEventType[] = [
  'BidSubmitted',
  'FacilityCountered',
  'ApplicantCountered',
  'FacilityAccepted',
  'FacilityRejected',
  'RejectionUndone',
  'CounterAccepted',
  'CounterRejected',
  'BidWithdrawn',
];

/** Every posting event: the copy of the posting is folded with the posting's own decider. */
const POSTING_EVENT_TYPES: readonly PostingEventType[] = [
  'PostingCreated',
  'PostingEdited',
  'PostingPublished',
  'PostingPaymentRequired',
  'PostingActivated',
  'PostingWithdrawn',
  'PostingReactivated',
  'PostingExpired',
];

const FACILITY_COLUMNS = ['name', 'facility_type', 'city', 'state', 'phone'] as const;
const APPLICANT_COLUMNS = ['first_name', 'last_name', 'license_state', 'experience_started_at', 'malpractice_provided'] as const;

/**
 * The bids read model: one row per bid, folded with bidDecider.evolve, plus this projection's own
 * copies of the postings, facilities and applicants the bid views show. Every bid change pushes
 * `bid.updated` to the applicant's user room (applicant view) and the facility's room (facility
 * view), after the transaction commits.
 */
export const bidsProjection: Projection = {
  name: 'bids',
  handles: [
    ...BID_EVENT_TYPES,
    ...POSTING_EVENT_TYPES,
    'FacilityRegistered',
    'FacilityProfileUpdated',
    'ApplicantRegistered',
    'ApplicantProfileUpdated',
  ],
  streams: ['bid-', 'posting-', 'facility-', 'applicant-'],
  reset: async (tx) => {
    await tx.query('TRUNCATE bids, bid_postings, bid_facilities, bid_applicants');
  },
  // Event type names are not unique across streams (a bid's FacilityRejected is not a
  // facility's), so events are told apart by their stream; others' events are passed over.
  apply: async (event, context) => {
    const [kind] = event.stream.split('-', 1);
    if (kind === 'bid' && (BID_EVENT_TYPES as readonly string[]).includes(event.type)) return applyBidEvent(event, context);
    if (kind === 'posting' && (POSTING_EVENT_TYPES as readonly string[]).includes(event.type)) return applyPostingEvent(event, context.tx);
    if (kind === 'facility' && (event.type === 'FacilityRegistered' || event.type === 'FacilityProfileUpdated')) {
      return applyFacilityEvent(event, context.tx);
    }
    if (kind === 'applicant' && (event.type === 'ApplicantRegistered' || event.type === 'ApplicantProfileUpdated')) {
      return applyApplicantEvent(event, context.tx);
    }
  },
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

async function applyBidEvent(recorded: RecordedEvent, { tx, push }: ProjectionContext): Promise<void> {
  const event = recorded as unknown as BidEvent;
  const bidId = recorded.stream.replace(/^bid-/, '');
  const [stored]: StoredBid[] = await tx.query('SELECT * FROM bids WHERE id = $1', [bidId]);
  // Replays (a rebuild racing a live batch, a re-delivered event) change nothing.
  if (stored && stored.version >= recorded.version) return;
  const before = stored ? toBid(stored) : bidDecider.initialState();
  const bid = bidDecider.evolve(before, event);
  if (bid.current_state === 'none') return;
  await tx.query(
    `INSERT INTO bids (id, job_posting_id, applicant_id, applicant_user_id, facility_id, current_state,
                       proposed_rate, counter_rate, agreed_rate, version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (id) DO UPDATE SET current_state = EXCLUDED.current_state, proposed_rate = EXCLUDED.proposed_rate,
       counter_rate = EXCLUDED.counter_rate, agreed_rate = EXCLUDED.agreed_rate, version = EXCLUDED.version,
       updated_at = EXCLUDED.updated_at`,
    [
      bidId,
      bid.job_posting_id,
      bid.applicant_id,
      bid.applicant_user_id,
      bid.facility_id,
      bid.current_state,
      bid.proposed_rate,
      bid.counter_rate,
      bid.agreed_rate,
      recorded.version,
      bid.created_at,
      bid.updated_at,
    ],
  );
  const row = await loadBidRow(tx, bidId);
  if (!row) return;
  // Experience years and 'expired' depend on the time: computed as the push leaves.
  const now = new Date();
  push({ room: rooms.user(row.applicant_user_id), event: 'bid.updated', payload: applicantBidView(row, now) });
  push({ room: rooms.facility(row.facility_id), event: 'bid.updated', payload: facilityBidView(row, now) });
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

async function applyPostingEvent(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
  const postingId = recorded.stream.replace(/^posting-/, '');
  const [stored]: { state: PostingState; version: number }[] = await tx.query('SELECT state, version FROM bid_postings WHERE id = $1', [
    postingId,
  ]);
  if (stored && stored.version >= recorded.version) return;
  const state = postingDecider.evolve(stored?.state ?? postingDecider.initialState(), recorded as unknown as PostingEvent);
  if (state.status === 'none') return;
  await tx.query(
    `INSERT INTO bid_postings (id, facility_id, state, version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version`,
    [postingId, state.facility_id, JSON.stringify(state), recorded.version],
  );
}

async function applyFacilityEvent(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
  const event = recorded as unknown as FacilityEvent;
  const id = recorded.stream.replace(/^facility-/, '');
  const data = event.data as Record<string, unknown>;
  if (event.type === 'FacilityRegistered') {
    await tx.query(
      `INSERT INTO bid_facilities (id, ${FACILITY_COLUMNS.join(', ')}, admin_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING`,
      [id, ...FACILITY_COLUMNS.map((column) => data[column] ?? null), event.data.admin_user_id],
    );
    return;
  }
  await updatePresent(tx, 'bid_facilities', id, FACILITY_COLUMNS, data);
}

async function applyApplicantEvent(recorded: RecordedEvent, tx: EntityManager): Promise<void> {
  const event = recorded as unknown as ApplicantEvent;
  const id = recorded.stream.replace(/^applicant-/, '');
  const data = event.data as Record<string, unknown>;
  if (event.type === 'ApplicantRegistered') {
    await tx.query(
      `INSERT INTO bid_applicants (id, user_id, ${APPLICANT_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING`,
      [
        id,
        event.data.user_id,
        ...APPLICANT_COLUMNS.map((column) => (column === 'malpractice_provided' ? Boolean(data[column]) : (data[column] ?? null))),
      ],
    );
    return;
  }
  await updatePresent(tx, 'bid_applicants', id, APPLICANT_COLUMNS, data);
}

/** Profile updates carry only the fields that changed. */
async function updatePresent(tx: EntityManager, table: string, id: string, columns: readonly string[], data: Record<string, unknown>) {
  const changed = columns.filter((column) => column in data);
  if (changed.length === 0) return;
  const values = changed.map((column) => (column === 'malpractice_provided' ? Boolean(data[column]) : (data[column] ?? null)));
  await tx.query(`UPDATE ${table} SET ${changed.map((column, i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...values]);
}
