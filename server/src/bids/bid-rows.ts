/**
 * Loads the rows the bid views are built from (server/src/domain/bids/bid-view.ts), from the bids
 * read model only (projections/bids.projection.ts): the queries, the command answers and the
 * realtime pushes read the same rows.
 */
import type { EntityManager } from 'typeorm';
import type { BidRow } from '../domain/bids/bid-view';

/** Anything that runs SQL: a DataSource, or a projection's transaction. */
type Queryable = Pick<EntityManager, 'query'>;

const BID_ROW_SQL = `
  SELECT b.id, b.job_posting_id, b.applicant_id, b.applicant_user_id, b.facility_id, b.current_state,
         b.proposed_rate, b.counter_rate, b.agreed_rate, b.created_at, b.updated_at,
         p.state AS posting,
         f.name AS facility_name, f.city AS facility_city, f.state AS facility_state, f.facility_type,
         a.first_name AS applicant_first_name, a.last_name AS applicant_last_name,
         a.license_state AS applicant_license_state, a.experience_started_at AS applicant_experience_started_at,
         a.malpractice_provided AS applicant_malpractice_provided
    FROM bids b
    LEFT JOIN bid_postings p ON p.id = b.job_posting_id
    LEFT JOIN bid_facilities f ON f.id = b.facility_id
    LEFT JOIN bid_applicants a ON a.id = b.applicant_id`;

/**
 * How many rows a list reads at most before filtering, sorting and paging in memory with the
 * domain's filters and comparators (an applicant's bids, or one posting's bids, stay far below).
 */
const LIST_READ_CAP = 5000;

export async function loadBidRow(db: Queryable, bidId: string): Promise<BidRow | null> {
  const rows = await db.query<BidRow[]>(`${BID_ROW_SQL} WHERE b.id = $1`, [bidId]);
  return rows[0] ?? null;
}

export async function loadBidRows(db: Queryable, by: 'applicant' | 'posting', id: string): Promise<BidRow[]> {
  const column = by === 'applicant' ? 'b.applicant_id' : 'b.job_posting_id';
  return db.query<BidRow[]>(`${BID_ROW_SQL} WHERE ${column} = $1 ORDER BY b.created_at DESC LIMIT ${LIST_READ_CAP}`, [id]);
}
