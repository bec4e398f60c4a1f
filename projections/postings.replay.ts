import type { FacilityEvent } from '../server/src/domain/facilities/facility';
import { awaitsFacility, BID_EVENT_TYPES, bidDecider, isOpenBid, type BidEvent, type BidState } from '../server/src/domain/bids';
import { contractValue, openingsOf, POSTING_EVENT_TYPES, POSTING_FIELD_NAMES, type PostingEvent } from '../server/src/domain/postings';
import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { snapshotShape } from './bid-snapshots';

type PostingRow = Record<string, unknown> & { id: string; facility_id: string };
type FacilityRow = {
  id: string;
  name: string | null;
  facility_type: string | null;
  city: string | null;
  state: string | null;
  is_active: boolean;
};
type BidStateRow = {
  bid_id: string;
  job_posting_id: string;
  awaiting_response: boolean;
  open: boolean;
  state: BidState;
  version: number;
  state_shape: number | null;
};

/** The rows in memory, plus the lookups the live projection's SQL does with WHERE clauses. */
class PostingsModel {
  readonly postings = new FoldedTable<PostingRow>('job_postings', (row) => row.id);
  readonly facilities = new FoldedTable<FacilityRow>('posting_facilities', (row) => row.id);
  readonly bidStates = new FoldedTable<BidStateRow>('posting_bid_states', (row) => row.bid_id);
  /** job_postings WHERE facility_id = ... */
  readonly postingsOf = new Map<string, Set<string>>();
  /** count(*) of posting_bid_states per job_posting_id: all, and those awaiting a response. */
  readonly counts = new Map<string, { bids: number; awaiting: number }>();

  count(bid: BidStateRow, by: 1 | -1): void {
    const counts = this.counts.get(bid.job_posting_id) ?? { bids: 0, awaiting: 0 };
    counts.bids += by;
    if (bid.awaiting_response) counts.awaiting += by;
    this.counts.set(bid.job_posting_id, counts);
  }
}

/**
 * The `job_postings` read model (with its copies of facility details and bid states) folded in
 * memory for rebuilds: the same rows as postings.projection.ts.
 */
export function postingsReplay(): ReplayModel {
  const model = new PostingsModel();
  return {
    tables: [model.postings, model.facilities, model.bidStates],
    follows: [
      fold<PostingEvent>('posting', POSTING_EVENT_TYPES, (event) => applyPosting(model, event)),
      fold<FacilityEvent>('facility', ['FacilityRegistered', 'FacilityProfileUpdated', 'FacilitySuspended', 'FacilityActivated'], (event) =>
        applyFacility(model, event),
      ),
      fold<BidEvent>('bid', BID_EVENT_TYPES, (event) => applyBid(model, event)),
    ],
  };
}

function applyPosting(model: PostingsModel, event: Recorded<PostingEvent>): void {
  const id = streamId(event);
  const at = event.data.at ?? null;
  const update = (changes: Partial<PostingRow>) => model.postings.update(id, { ...changes, updated_at: at }, event);
  switch (event.type) {
    case 'PostingCreated':
      return created(model, id, event);
    case 'PostingEdited': {
      const changes: Record<string, unknown> = event.data.changes;
      const columns = [...POSTING_FIELD_NAMES, 'auto_expire_date'].filter((column) => column in changes);
      if (columns.length > 0) update(Object.fromEntries(columns.map((column) => [column, changes[column] ?? null])));
      const row = model.postings.get(id);
      if (row) model.postings.update(id, { total_contract_value: contractValue(asStored(row)) }, event);
      return;
    }
    case 'PostingPublished':
    case 'PostingActivated': {
      const { published_at, auto_expire_date } = event.data;
      update({ status: 'active', payment_pending: false, published_at: published_at ?? null, auto_expire_date: auto_expire_date ?? null });
      return;
    }
    case 'PostingPaymentRequired':
      update({ payment_pending: true });
      return;
    case 'PostingWithdrawn':
      update({ status: 'withdrawn' });
      return;
    case 'PostingReactivated':
    case 'PostingReopened':
      update({ status: 'active' });
      return;
    case 'PostingFilled':
      update({ status: 'filled' });
      return;
    case 'PostingConnectionMade':
      update({ connection_count: Number(model.postings.get(id)?.connection_count ?? 0) + 1 });
      return;
    case 'PostingExpired':
      update({});
      return;
  }
}

function created(model: PostingsModel, id: string, event: Recorded<Extract<PostingEvent, { type: 'PostingCreated' }>>): void {
  const d = event.data;
  if (model.postings.get(id)) return;
  const facility = model.facilities.get(d.facility_id);
  const fields = Object.fromEntries(POSTING_FIELD_NAMES.map((column) => [column, d[column] ?? null]));
  model.postings.insert(
    {
      id,
      facility_id: d.facility_id,
      created_by: d.created_by ?? null,
      ...fields,
      openings: openingsOf(d),
      total_contract_value: contractValue(d),
      status: 'draft',
      payment_pending: false,
      auto_expire_date: d.auto_expire_date ?? null,
      published_at: null,
      facility_name: facility?.name ?? 'Facility',
      facility_type: facility?.facility_type ?? null,
      facility_city: facility?.city ?? null,
      facility_state: facility?.state ?? null,
      facility_active: facility?.is_active ?? true,
      bid_count: 0,
      awaiting_response_count: 0,
      connection_count: 0,
      created_at: d.at ?? null,
      updated_at: d.at ?? null,
    },
    event,
  );
  const ids = model.postingsOf.get(d.facility_id) ?? new Set<string>();
  model.postingsOf.set(d.facility_id, ids.add(id));
}

/** The terms as the live projection reads them back from its columns to recompute the contract value. */
function asStored(row: PostingRow) {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const date = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : null);
  return {
    start_date: date(row.start_date),
    end_date: date(row.end_date),
    week_days: row.week_days as number[] | null,
    days_per_week: number(row.days_per_week),
    hours_per_day: number(row.hours_per_day),
    hourly_rate: number(row.hourly_rate),
  };
}

function applyFacility(model: PostingsModel, event: Recorded<FacilityEvent>): void {
  const id = streamId(event);
  const postings = [...(model.postingsOf.get(id) ?? [])];
  switch (event.type) {
    case 'FacilityRegistered': {
      const d = event.data;
      const row = { id, name: d.name ?? null, facility_type: d.facility_type ?? null, city: d.city ?? null, state: d.state ?? null };
      model.facilities.insert({ ...row, is_active: true }, event);
      return;
    }
    case 'FacilityProfileUpdated': {
      const d = event.data;
      const f = model.facilities.get(id);
      if (!f) return;
      model.facilities.update(
        id,
        { name: d.name ?? f.name, facility_type: d.facility_type ?? f.facility_type, city: d.city ?? f.city, state: d.state ?? f.state },
        event,
      );
      const copy = { facility_name: f.name, facility_type: f.facility_type, facility_city: f.city, facility_state: f.state };
      for (const posting of postings) model.postings.update(posting, copy, event);
      return;
    }
    case 'FacilitySuspended':
    case 'FacilityActivated': {
      const active = event.type === 'FacilityActivated';
      model.facilities.update(id, { is_active: active }, event);
      for (const posting of postings) model.postings.update(posting, { facility_active: active }, event);
      return;
    }
  }
}

/** Each bid's state is folded with bidDecider.evolve; the posting's counts follow from it. */
function applyBid(model: PostingsModel, event: Recorded<BidEvent>): void {
  const bidId = streamId(event);
  const stored = model.bidStates.get(bidId);
  if (stored && stored.version >= event.version) return;
  const bid = bidDecider.evolve(stored?.state ?? bidDecider.initialState(), event);
  if (bid.current_state === 'none') return;
  const row: BidStateRow = {
    bid_id: bidId,
    job_posting_id: stored?.job_posting_id ?? bid.job_posting_id,
    awaiting_response: awaitsFacility(bid.current_state),
    open: isOpenBid(bid.current_state),
    state: bid,
    version: event.version,
    state_shape: snapshotShape(stored ?? null, event.version),
  };
  if (stored) model.count(stored, -1);
  model.bidStates.upsert(
    row,
    { awaiting_response: row.awaiting_response, open: row.open, state: bid, version: event.version, state_shape: row.state_shape },
    event,
  );
  model.count(model.bidStates.get(bidId)!, 1);
  const counts = model.counts.get(bid.job_posting_id) ?? { bids: 0, awaiting: 0 };
  model.postings.update(bid.job_posting_id, { bid_count: counts.bids, awaiting_response_count: counts.awaiting }, event);
}
