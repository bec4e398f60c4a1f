import type { DataSource } from 'typeorm';
import type { MyBid } from '../../domain/postings/posting-view';
import { bidIdFor } from '../../bids/bid-ids';

/**
 * The applicant's own bids on a page of postings, by posting id: one query for the whole page.
 * A bid's id is derived from its posting and applicant (bidIdFor), so the page's possible bids are
 * looked up by primary key, however many bids the applicant or the postings have.
 */
export async function myBidsOnPage(db: DataSource, applicantId: string, postingIds: string[]): Promise<Map<string, MyBid>> {
  if (postingIds.length === 0) return new Map();
  const ids = postingIds.map((postingId) => bidIdFor(postingId, applicantId));
  // applicant_id is checked too: the derivation is what makes the lookup cheap, not what grants access.
  const rows = await db.query<(MyBid & { job_posting_id: string })[]>(
    'SELECT id, job_posting_id, current_state FROM bids WHERE id = ANY($1::uuid[]) AND applicant_id = $2',
    [ids, applicantId],
  );
  return new Map(rows.map((row) => [row.job_posting_id, { id: row.id, current_state: row.current_state }]));
}
