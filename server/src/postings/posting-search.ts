import type { DataSource } from 'typeorm';
import { SEARCH_TOTAL_CAP, type SearchQuery } from '../domain/postings';
import type { PostingRow } from '../domain/postings/posting-view';
import { POSTING_COLUMNS } from './posting-rows';

const MAX_INTEGER = 2_147_483_647;

/**
 * Each order matches one of the live sort indexes of the Postings migration exactly (a DESC sort
 * breaks ties by id DESC where its index is read backwards), so a page never sorts the table.
 */
const ORDERS: Record<SearchQuery['sort'], string> = {
  newest: 'p.published_at DESC, p.id',
  rate_desc: 'p.hourly_rate DESC, p.id DESC',
  rate_asc: 'p.hourly_rate ASC, p.id',
  start_date: 'p.start_date ASC, p.id',
  contract_value_desc: 'p.total_contract_value DESC NULLS LAST, p.id',
};

/** A page of live postings and how many match, counted up to the cap (`capped`: more match). */
export interface SearchResult {
  rows: PostingRow[];
  total: number;
  capped: boolean;
}

/**
 * Live postings (active, unexpired, of an active facility) matching the applicant filters, one
 * page at a time with the number of matches counted up to `cap`. Pages reach the first `cap`
 * matches only, so neither the count nor a page reads on past cap + 1 matches. Every condition
 * is served by the partial indexes of the Postings migration: the sort indexes and the expiry
 * index carry every filter column, so the count and the choice of a page's ids are index-only
 * scans, and only the page's rows are read from the table.
 */
export async function searchPostings(
  db: DataSource,
  query: SearchQuery,
  now: Date,
  { cap = SEARCH_TOTAL_CAP } = {},
): Promise<SearchResult> {
  const { condition, params } = filters(query, now);
  // One more than the cap tells a count at the cap from a longer list.
  const count = `SELECT count(*)::int FROM (SELECT 1 FROM job_postings p WHERE ${condition} LIMIT ${cap + 1}) first_matches`;
  const counted = (matches: number, rows: PostingRow[] = []) => ({ rows, total: Math.min(matches, cap), capped: matches > cap });
  const limit = Math.min(query.limit, cap - query.offset);
  if (limit <= 0) {
    const [{ count: matches }] = await db.query<{ count: number }[]>(count, params);
    return counted(matches);
  }
  const order = ORDERS[query.sort];
  // The capped count rides along with the page (an init plan, run once): one statement, one
  // round trip. Only the page's ids come from the (index-only) scan; its rows are then read by id.
  const rows = await db.query<(PostingRow & { total: number })[]>(
    `SELECT (${count}) AS total, ${POSTING_COLUMNS}
       FROM (SELECT p.id FROM job_postings p WHERE ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${query.offset}) page
       JOIN job_postings p ON p.id = page.id
      ORDER BY ${order}`,
    params,
  );
  if (rows.length > 0) return counted(rows[0].total, rows);
  if (query.offset === 0) return counted(0);
  // An empty page past the end: its count did not come back with it.
  const [{ count: matches }] = await db.query<{ count: number }[]>(count, params);
  return counted(matches);
}

/** The WHERE clause of live postings matching the filters, and its parameters ($1 is `now`). */
function filters(query: SearchQuery, now: Date): { condition: string; params: unknown[] } {
  const where = [`p.status = 'active'`, 'p.facility_active', 'p.auto_expire_date > $1'];
  const params: unknown[] = [now];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  // Postgres text cannot hold NUL: a location with one could match nothing, so it is dropped.
  const location = query.location?.replace(/\0/g, '').toLowerCase();
  if (location) {
    const prefix = location.replace(/[\\%_]/g, '\\$&');
    // Only two letters can be a state code (stored upper-case, as the profile forms save it).
    if (/^[a-z]{2}$/.test(location)) add((n) => `(lower(p.facility_city) LIKE ${n} || '%' OR p.facility_state = upper(${n}))`, prefix);
    else add((n) => `lower(p.facility_city) LIKE ${n} || '%'`, prefix);
  }
  if (query.license) add((n) => `p.required_license_state = ${n}`, query.license);
  if (query.procedure_types?.length) {
    // Ids beyond the integer range match no posting (and would not cast to integer[]).
    const ids = query.procedure_types.filter((id) => id <= MAX_INTEGER);
    add((n) => `p.procedure_type_ids && ${n}::integer[]`, ids);
  }
  if (query.on_call === 'with_call') where.push('p.on_call_ratio IS NOT NULL');
  if (query.on_call === 'no_call') where.push('p.on_call_ratio IS NULL');
  if (query.supervision && query.supervision !== 'any') add((n) => `p.supervision_type = ${n}`, query.supervision);
  if (query.malpractice === 'provided') where.push('p.malpractice_amount > 0');
  return { condition: where.join(' AND '), params };
}
