import type { BidEvent } from '../server/src/domain/bids';
import type { PostingEvent } from '../server/src/domain/postings';
import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { MARKET_RATE_BID_EVENTS, MARKET_RATE_POSTING_EVENTS } from '../server/src/domain/insights/market-rate-events';

type PostingRow = {
  posting_id: string;
  role_type: string;
  license_state: string;
  hourly_rate: number;
  published_at: string | null;
};
type BidRow = {
  bid_id: string;
  posting_id: string;
  role_type: string;
  license_state: string;
  submitted_at: string;
  countered: boolean;
  agreed_rate: number | null;
  connected_at: string | null;
};

interface MarketRates {
  postings: FoldedTable<PostingRow>;
  bids: FoldedTable<BidRow>;
}

/** The market rate read models folded in memory for rebuilds: the same rows as market-rates.projection.ts. */
export function marketRatesReplay(): ReplayModel {
  const model: MarketRates = {
    postings: new FoldedTable<PostingRow>('market_rate_postings', (row) => row.posting_id),
    bids: new FoldedTable<BidRow>('market_rate_bids', (row) => row.bid_id),
  };
  return {
    tables: [model.postings, model.bids],
    follows: [
      fold<PostingEvent>('posting', MARKET_RATE_POSTING_EVENTS, (event) => applyPosting(model, event)),
      fold<BidEvent>('bid', MARKET_RATE_BID_EVENTS, (event) => applyBid(model, event)),
    ],
  };
}

function applyPosting({ postings }: MarketRates, event: Recorded<PostingEvent>): void {
  const postingId = streamId(event);
  switch (event.type) {
    case 'PostingCreated': {
      const d = event.data;
      const row = { posting_id: postingId, role_type: d.role_type, license_state: d.required_license_state, hourly_rate: d.hourly_rate };
      return postings.insert({ ...row, published_at: null }, event);
    }
    case 'PostingEdited': {
      const { role_type, required_license_state, hourly_rate } = event.data.changes;
      const changes: Partial<PostingRow> = {
        ...(role_type !== undefined && { role_type }),
        ...(required_license_state !== undefined && { license_state: required_license_state }),
        ...(hourly_rate !== undefined && { hourly_rate }),
      };
      if (Object.keys(changes).length > 0) postings.update(postingId, changes, event);
      return;
    }
    case 'PostingPublished':
    case 'PostingActivated':
      postings.update(postingId, { published_at: event.data.published_at }, event);
      return;
  }
}

function applyBid({ postings, bids }: MarketRates, event: Recorded<BidEvent>): void {
  const bidId = streamId(event);
  switch (event.type) {
    case 'BidSubmitted': {
      const d = event.data;
      const posting = postings.get(d.job_posting_id);
      if (!posting) return;
      const { role_type, license_state } = posting;
      const row = { bid_id: bidId, posting_id: d.job_posting_id, role_type, license_state, submitted_at: d.submitted_at };
      return bids.insert({ ...row, countered: false, agreed_rate: null, connected_at: null }, event);
    }
    case 'FacilityCountered':
    case 'ApplicantCountered':
      bids.update(bidId, { countered: true }, event);
      return;
    case 'FacilityAccepted':
    case 'CounterAccepted': {
      const bid = bids.get(bidId);
      const posting = bid && postings.get(bid.posting_id);
      if (!posting) return;
      const { role_type, license_state } = posting;
      bids.update(bidId, { agreed_rate: event.data.rate, connected_at: event.data.at, role_type, license_state }, event);
      return;
    }
  }
}
