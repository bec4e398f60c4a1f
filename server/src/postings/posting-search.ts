import type { DataSource } from 'typeorm';
import { SEARCH_TOTAL_CAP, type SearchQuery } from '../domain/postings';
import type { PostingRow } from '../domain/postings/posting-view';
import { POSTING_COLUMNS } from './posting-rows';

const MAX_INTEGER = 2_147_483_647;

/**
 * Each order matches one of the live sort indexes of the Postings migration exactly (a DESC sort
 * breaks ties by id DESC where its index is read backwards), so a page never sorts the table.
 * `key` is the column sorted by besides the id.
 */
const ORDERS: Record<SearchQuery['sort'], { key: string; order: string }> = {
  newest: { key: 'published_at', order: 'p.published_at DESC, p.id' },
  rate_desc: { key: 'hourly_rate', order: 'p.hourly_rate DESC, p.id DESC' },
  rate_asc: { key: 'hourly_rate', order: 'p.hourly_rate ASC, p.id' },
  start_date: { key: 'start_date', order: 'p.start_date ASC, p.id' },
  contract_value_desc: { key: 'total_contract_value', order: 'p.total_contract_value DESC NULLS LAST, p.id' },
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
 * is served by partial indexes that carry every filter column (migrations Postings and
 * SearchFilterCoveringIndexes): the sort indexes, the expiry index, and those of a license, a
 * state and a city, which also carry the sort keys. So the count and the choice of a page's ids
 * are index-only scans, and only the page's rows are read from the table.
 */
export async function searchPostings(
  db: DataSource,
  query: SearchQuery,
  now: Date,
  { cap = SEARCH_TOTAL_CAP } = {},
): Promise<SearchResult> {
  const { branches, params } = filters(query, now);
  // The matches of each branch (disjoint), as rows of `columns`.
  const matching = (columns: string) =>
    branches.map((branch) => `SELECT ${columns} FROM job_postings p WHERE ${branch}`).join(' UNION ALL ');
  // One more than the cap tells a count at the cap from a longer list.
  const count = `SELECT count(*)::int FROM (${matching('1')} LIMIT ${cap + 1}) first_matches`;
  const counted = (matches: number, rows: PostingRow[] = []) => ({ rows, total: Math.min(matches, cap), capped: matches > cap });
  const limit = Math.min(query.limit, cap - query.offset);
  if (limit <= 0) {
    const [{ count: matches }] = await db.query<{ count: number }[]>(count, params);
    return counted(matches);
  }
  const { key, order } = ORDERS[query.sort];
  // The capped count rides along with the page (an init plan, run once): one statement, one
  // round trip. Only the page's ids come from the (index-only) scans; its rows are then read by id.
  const rows = await db.query<(PostingRow & { total: number })[]>(
    `SELECT (${count}) AS total, ${POSTING_COLUMNS}
       FROM (SELECT p.id FROM (${matching(`p.id, p.${key}`)}) p ORDER BY ${order} LIMIT ${limit} OFFSET ${query.offset}) page
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

/**
 * The WHERE clauses of live postings matching the filters ($1 is `now`), and their parameters.
 * A posting matches when it matches one of the branches, and no posting matches two: an OR of
 * two indexed conditions is two scans of their covering indexes, where one scan would read the
 * table to test the rest.
 */
function filters(query: SearchQuery, now: Date): { branches: string[]; params: unknown[] } {
  const where = [`p.status = 'active'`, 'p.facility_active', 'p.auto_expire_date > $1'];
  const params: unknown[] = [now];
  const parameter = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const add = (condition: (n: string) => string, value: unknown) => where.push(condition(parameter(value)));
  // Postgres text cannot hold NUL: a location with one could match nothing, so it is dropped.
  const location = query.location?.replace(/\0/g, '').toLowerCase();
  const places = location ? locationConditions(location, parameter(location.replace(/[\\%_]/g, '\\$&'))) : [];
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
  const all = where.join(' AND ');
  return { branches: places.length > 0 ? places.map((place) => `${all} AND ${place}`) : [all], params };
}

/**
 * A location as alternative conditions, no posting matching two: a city prefix, and for two
 * letters also a state code. `n` is the parameter of the location as a LIKE prefix.
 */
function locationConditions(location: string, n: string): string[] {
  const city = `lower(p.facility_city) LIKE ${n} || '%'`;
  // Only two letters can be a state code (stored upper-case, as the profile forms save it).
  if (!/^[a-z]{2}$/.test(location)) return [city];
  // A posting of that state in such a city is found by the first only.
  return [`p.facility_state = upper(${n})`, `${city} AND p.facility_state IS DISTINCT FROM upper(${n})`];
}
