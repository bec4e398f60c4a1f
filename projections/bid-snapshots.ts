import { BID_STATE_SHAPE, bidStream, type BidState } from '../server/src/domain/bids';
import type { SnapshotRead } from '../server/src/eventstore/event-store.port';

/**
 * The postings read model's bid states (posting_bid_states) double as the bids' snapshots: each
 * row holds a bid's state as bidDecider folds it at the stream version it names, tagged with the
 * state shape it was written in. Bid commands and the bid emails fold from such a row and the
 * events after its version (CommandBus.read) instead of the whole stream.
 */

export interface StoredBidState {
  state: BidState | null;
  version: number | null;
  state_shape: number | null;
}

/**
 * The shape a row folded from `stored` and the event at `version` is a snapshot of: the current
 * one only when the stored state is of it and the event follows on from its version (or starts
 * the stream), so the row is exactly the stream's fold. An event an operator skipped, or a state
 * of an older shape, leaves NULL: not a snapshot until a bid command writes the row from the
 * stream itself.
 */
export function snapshotShape(stored: Pick<StoredBidState, 'version' | 'state_shape'> | null, version: number): number | null {
  if (stored === null) return version === 0 ? BID_STATE_SHAPE : null;
  return stored.state_shape === BID_STATE_SHAPE && stored.version === version - 1 ? BID_STATE_SHAPE : null;
}

/**
 * Where a bid command finds the bid's state at a version (its snapshot): this read model's row,
 * when written in the current state shape.
 */
export function bidStateSnapshot(bidId: string): SnapshotRead {
  return {
    stream: bidStream(bidId),
    statement: {
      sql: 'SELECT version, state FROM posting_bid_states WHERE bid_id = $1 AND state_shape = $2 AND version IS NOT NULL',
      values: [bidId, BID_STATE_SHAPE],
    },
  };
}
