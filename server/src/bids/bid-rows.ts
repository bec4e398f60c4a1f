/**
 * Loads the rows the bid views are built from (server/src/domain/bids/bid-view.ts), from the bids
 * read model only (projections/bids.projection.ts): the queries, the command answers and the
 * realtime pushes read the same rows.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { queryNamed } from '../database/named-statements';
import type { BidRow } from '../domain/bids/bid-view';
import {
  APPLICANT_BID_ORDER,
  BID_STATES,
  bidFilter,
  FACILITY_BID_ORDER,
  type ApplicantBidFilter,
  type BidCurrentState,
} from '../domain/bids/bid-states';
import type { ListPage } from '../domain/shared/paging';

/** Anything that runs SQL: a DataSource, or a projection's transaction. */
type Queryable = Pick<EntityManager, 'query'>;
/** The API's lists run as named statements (queryNamed): their joins cost Postgres more to plan than to run. */
type Database = DataSource | EntityManager;

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
 * The same rows with each bid's posting looked up by its key. An applicant's list sorts on the
 * posting's expiry, and with a plain join the planner hashes every posting once an applicant has
 * a few thousand bids; `OFFSET 0` keeps the lookup per bid (measured at 2,000 bids: about 100 ms -> 20-35 ms).
 */
const POSTING_BY_LOOKUP = 'LEFT JOIN LATERAL (SELECT id, state FROM bid_postings WHERE id = b.job_posting_id OFFSET 0) p ON true';
const BID_ROW_SQL_BY_LOOKUP = BID_ROW_SQL.replace('LEFT JOIN bid_postings p ON p.id = b.job_posting_id', POSTING_BY_LOOKUP);

/**
 * A statement that writes a bid's row and answers it as a BidRow: `upsert` is an INSERT ...
 * RETURNING * into bids whose $1 is the bid's id. When it wrote nothing (a newer row stood), the
 * row as it stands.
 */
export function upsertBidRowSql(upsert: string): string {
  return `WITH upserted AS (${upsert}),
     stored AS (SELECT * FROM upserted UNION ALL SELECT * FROM bids WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM upserted))
   ${BID_ROW_SQL.replace('FROM bids b', 'FROM stored b')}`;
}

export async function loadBidRow(db: Queryable, bidId: string): Promise<BidRow | null> {
  const rows = await db.query<BidRow[]>(`${BID_ROW_SQL} WHERE b.id = $1`, [bidId]);
  return rows[0] ?? null;
}

/** How many rows the admin console's list of an applicant's bids reads at most. */
const LIST_READ_CAP = 5000;

/** All bids of an applicant or a posting, newest first (the admin console's view of an applicant). */
export async function loadBidRows(db: Queryable, by: 'applicant' | 'posting', id: string): Promise<BidRow[]> {
  const column = by === 'applicant' ? 'b.applicant_id' : 'b.job_posting_id';
  return db.query<BidRow[]>(`${BID_ROW_SQL} WHERE ${column} = $1 ORDER BY b.created_at DESC LIMIT ${LIST_READ_CAP}`, [id]);
}

/** A page of rows and how many rows the whole list has. */
export interface RowPage {
  rows: BidRow[];
  total: number;
}

/**
 * A bid's posting has expired (postingStatus: a published posting past its auto_expire_date),
 * from the bids read model's copy of the posting. A bid whose posting was never seen is not.
 */
const POSTING_EXPIRED_SQL = `coalesce(p.state->>'status' <> 'draft' AND (p.state->>'auto_expire_date')::timestamptz <= $2, false)`;

/** Rank of a state in one of the domain's orders, as SQL (1 first). */
export function stateRankSql(order: readonly BidCurrentState[], column = 'current_state'): string {
  return `array_position('{${order.join(',')}}'::text[], ${column})`;
}

/** The states an applicant filter shows on a posting that has not expired. */
function statesShownWhileOpen(filter: Exclude<ApplicantBidFilter, 'all'>): BidCurrentState[] {
  return BID_STATES.filter((state) => bidFilter(state, false) === filter);
}

/** The applicant filter as SQL over the row's state and its posting's expiry ($2 is now). */
function applicantFilterSql(filter: ApplicantBidFilter): string {
  if (filter === 'all') return 'true';
  const states = `b.current_state = ANY('{${statesShownWhileOpen(filter).join(',')}}'::text[])`;
  // Expired postings close every bid on them (bidFilter), so 'closed' also takes those.
  return filter === 'closed' ? `(${POSTING_EXPIRED_SQL} OR ${states})` : `(NOT ${POSTING_EXPIRED_SQL} AND ${states})`;
}

/**
 * One page of an applicant's bids under a filter, in the order the applicant's list shows them
 * (compareApplicantBidList: bids on expired postings last, then the applicant order, newest
 * first), sorted and cut in SQL. The bids_applicant index finds the applicant's rows.
 */
export async function loadApplicantBidPage(
  db: Database,
  applicantId: string,
  filter: ApplicantBidFilter,
  page: ListPage,
  now: Date,
): Promise<RowPage> {
  const [rows, [{ total }]] = await Promise.all([
    queryNamed<BidRow>(
      db,
      `${BID_ROW_SQL_BY_LOOKUP}
        WHERE b.applicant_id = $1 AND ${applicantFilterSql(filter)}
        ORDER BY ${POSTING_EXPIRED_SQL}, ${stateRankSql(APPLICANT_BID_ORDER, 'b.current_state')}, b.created_at DESC, b.id DESC
        LIMIT $3 OFFSET $4`,
      [applicantId, now, page.limit, page.offset],
    ),
    countApplicantBids(db, applicantId, filter, now),
  ]);
  return { rows, total: Number(total) };
}

function countApplicantBids(db: Database, applicantId: string, filter: ApplicantBidFilter, now: Date) {
  // Every bid counts for 'all', which the bids_applicant index answers alone.
  if (filter === 'all')
    return queryNamed<{ total: string }>(db, 'SELECT count(*) AS total FROM bids WHERE applicant_id = $1', [applicantId]);
  return queryNamed<{ total: string }>(
    db,
    `SELECT count(*) AS total FROM bids b ${POSTING_BY_LOOKUP}
      WHERE b.applicant_id = $1 AND ${applicantFilterSql(filter)}`,
    [applicantId, now],
  );
}

/**
 * One page of a posting's bids in the facility order (submitted first, newest first within a
 * state): the bids_posting index finds the posting's bids (at most one per applicant), and the
 * sort ranks their states. No index names the state, so a bid's moves update it in place (see
 * the BidHotUpdates migration).
 */
export async function loadPostingBidPage(db: Database, postingId: string, page: ListPage): Promise<RowPage> {
  const [rows, [{ total }]] = await Promise.all([
    queryNamed<BidRow>(
      db,
      `${BID_ROW_SQL}
        WHERE b.job_posting_id = $1
        ORDER BY ${stateRankSql(FACILITY_BID_ORDER, 'b.current_state')}, b.created_at DESC, b.id DESC
        LIMIT $2 OFFSET $3`,
      [postingId, page.limit, page.offset],
    ),
    queryNamed<{ total: string }>(db, 'SELECT count(*) AS total FROM bids WHERE job_posting_id = $1', [postingId]),
  ]);
  return { rows, total: Number(total) };
}
