import type { DataSource } from 'typeorm';
import { BID_STATES, isOpenBid } from '../../domain/bids';

const OPEN_STATES = BID_STATES.filter(isOpenBid);

/** The bids on a posting still being negotiated (the bids_posting index finds the posting's bids). */
export async function openBidIds(db: Pick<DataSource, 'query'>, postingId: string): Promise<string[]> {
  const rows: { id: string }[] = await db.query('SELECT id FROM bids WHERE job_posting_id = $1 AND current_state = ANY($2::text[])', [
    postingId,
    OPEN_STATES,
  ]);
  return rows.map((row) => row.id);
}
