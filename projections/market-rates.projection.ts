import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import type { BidEvent } from '../server/src/domain/bids';
import type { PostingEvent } from '../server/src/domain/postings';
import { MARKET_RATE_BID_EVENTS, MARKET_RATE_POSTING_EVENTS } from '../server/src/domain/insights/market-rate-events';
import { marketRatesReplay } from './market-rates.replay';

/**
 * Market rate insights (issue #16): `market_rate_postings` (each posting's role, required license
 * state, hourly rate and when it last went live) and `market_rate_bids` (each bid with its
 * posting's role and state, whether it was countered, and the rate and time of its connection).
 * A bid takes the posting's role and state from this read model's own posting rows (never from
 * another read model): when submitted, and again when connected, so an agreement counts for the
 * job as it was agreed. GET /api/insights/rates reads a window of these rows.
 */
export const marketRatesProjection: Projection = {
  name: 'market-rates',
  // Statistics over 90 days: no command waits for them.
  follows: [
    on<PostingEvent>('posting', MARKET_RATE_POSTING_EVENTS, applyPosting, { eventual: true }),
    on<BidEvent>('bid', MARKET_RATE_BID_EVENTS, applyBid, { eventual: true }),
  ],
  tables: ['market_rate_postings', 'market_rate_bids'],
  replay: marketRatesReplay,
};

async function applyPosting(event: Recorded<PostingEvent>, { write }: ProjectionContext): Promise<void> {
  const postingId = streamId(event);
  switch (event.type) {
    case 'PostingCreated': {
      const d = event.data;
      await write(
        `INSERT INTO market_rate_postings (posting_id, role_type, license_state, hourly_rate, published_at)
           VALUES ($1, $2, $3, $4, NULL) ON CONFLICT (posting_id) DO NOTHING`,
        [postingId, d.role_type, d.required_license_state, d.hourly_rate],
      );
      return;
    }
    case 'PostingEdited': {
      const { role_type, required_license_state, hourly_rate } = event.data.changes;
      if (role_type === undefined && required_license_state === undefined && hourly_rate === undefined) return;
      await write(
        `UPDATE market_rate_postings SET role_type = coalesce($2, role_type), license_state = coalesce($3, license_state),
                hourly_rate = coalesce($4, hourly_rate) WHERE posting_id = $1`,
        [postingId, role_type ?? null, required_license_state ?? null, hourly_rate ?? null],
      );
      return;
    }
    case 'PostingPublished':
    case 'PostingActivated':
      await write('UPDATE market_rate_postings SET published_at = $2 WHERE posting_id = $1', [postingId, event.data.published_at]);
      return;
  }
}

async function applyBid(event: Recorded<BidEvent>, { write }: ProjectionContext): Promise<void> {
  const bidId = streamId(event);
  switch (event.type) {
    case 'BidSubmitted': {
      const d = event.data;
      await write(
        `INSERT INTO market_rate_bids (bid_id, posting_id, role_type, license_state, submitted_at, countered, agreed_rate, connected_at)
           SELECT $1, p.posting_id, p.role_type, p.license_state, $3, false, NULL, NULL FROM market_rate_postings p WHERE p.posting_id = $2
           ON CONFLICT (bid_id) DO NOTHING`,
        [bidId, d.job_posting_id, d.submitted_at],
      );
      return;
    }
    case 'FacilityCountered':
    case 'ApplicantCountered':
      // Once is enough: a negotiation's later counters would only rewrite the row.
      await write('UPDATE market_rate_bids SET countered = true WHERE bid_id = $1 AND NOT countered', [bidId]);
      return;
    case 'FacilityAccepted':
    case 'CounterAccepted':
      await write(
        `UPDATE market_rate_bids b SET agreed_rate = $2, connected_at = $3, role_type = p.role_type, license_state = p.license_state
           FROM market_rate_postings p WHERE b.bid_id = $1 AND p.posting_id = b.posting_id`,
        [bidId, event.data.rate, event.data.at],
      );
      return;
  }
}
