import type { DataSource } from 'typeorm';

export interface ScheduledExpiry {
  posting_id: string;
  auto_expire_date: string;
}

/**
 * The postings whose current period still waits for its PostingExpired: live, filled or not (or past their end
 * with nothing recorded yet). Read from the posting as its own decider folds it (the bids read
 * model keeps that copy in bid_postings), because job_postings derives 'expired' from the date
 * and cannot tell an expiry that was recorded from one that was not.
 */
export async function pendingExpiries(db: Pick<DataSource, 'query'>): Promise<ScheduledExpiry[]> {
  return db.query(
    `SELECT id AS posting_id, state->>'auto_expire_date' AS auto_expire_date
       FROM bid_postings
      WHERE state->>'status' IN ('active', 'filled')
        AND state->>'auto_expire_date' IS NOT NULL
        AND NOT COALESCE((state->>'expiry_recorded')::boolean, false)`,
  );
}
