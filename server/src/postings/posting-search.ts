import type { DataSource } from 'typeorm';
import { DEFAULT_PAGE_SIZE, SEARCH_TOTAL_CAP, type SearchQuery } from '../domain/postings';
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

/**
 * A page of live postings, how many match counted up to the cap (`capped`: more match), and the
 * moment time alone would change it: when the first of the postings it depends on expires (null:
 * none will).
 */
export interface SearchResult {
  rows: PostingRow[];
  total: number;
  capped: boolean;
  until: Date | null;
}

/**
 * Live postings (active, unexpired, of an active facility) matching the applicant filters, one
 * page at a time with the number of matches counted up to `cap`. Pages reach the first `cap`
 * matches only, so neither the count nor a page reads on past cap + 1 matches. Every condition
 * is served by partial indexes that carry every filter column (migrations Postings and
 * SearchFilterCoveringIndexes): the sort indexes, the expiry index, and those of a license, a
 * state and a city, which also carry the sort keys. So the count and the choice of a page's ids
 * are index-only scans, and only the page's rows are read from the table.
 *
 * What the answer depends on, as time passes: the matches counted (all of them when fewer than
 * cap + 1 match; else while those cap + 1 stay live the count stays capped) and the matches up to
 * the end of the page in its order (the page's rows and those before them).
 */
export async function searchPostings(
  db: Pick<DataSource, 'query'>,
  query: SearchQuery,
  now: Date,
  { cap = SEARCH_TOTAL_CAP } = {},
): Promise<SearchResult> {
  const { branches, params } = filters(query, now);
  // The matches of each branch (disjoint), as rows of `columns`.
  const matching = (columns: string) =>
    branches.map((branch) => `SELECT ${columns} FROM job_postings p WHERE ${branch}`).join(' UNION ALL ');
  // One more than the cap tells a count at the cap from a longer list.
  const count = `SELECT count(*)::int AS matches, min(p.auto_expire_date) AS until FROM (${matching('p.auto_expire_date')} LIMIT ${cap + 1}) p`;
  const counted = (matches: number, until: Date | null, rows: PostingRow[] = []) => ({
    rows,
    total: Math.min(matches, cap),
    capped: matches > cap,
    until,
  });
  const limit = Math.min(query.limit, cap - query.offset);
  if (limit <= 0) {
    const [{ matches, until }] = await db.query<{ matches: number; until: Date | null }[]>(count, params);
    return counted(matches, until);
  }
  const { key, order } = ORDERS[query.sort];
  // The capped count rides along with the page, computed once: one statement, one round trip.
  // Only the page's ids come from the (index-only) scans; its rows are then read by id. `reached`
  // is the first expiry among the matches up to each row, in order: at the page's last row, that
  // of the page and those before it. The matches are cut to the page's end before that window
  // runs: a window between the sort and its limit makes Postgres sort every match in full, where
  // a limit right above the sort keeps only the first rows (a filter whose index does not give
  // the order, such as a city prefix of 4,500 matches, sorted in 6 ms and now in 1).
  const rows = await db.query<(PostingRow & { matches: number; until: Date | null })[]>(
    `WITH counted AS MATERIALIZED (${count})
     SELECT counted.matches, least(counted.until, min(page.reached) OVER ()) AS until, ${POSTING_COLUMNS}
       FROM counted,
            (SELECT p.id, min(p.auto_expire_date) OVER (ORDER BY ${order} ROWS UNBOUNDED PRECEDING) AS reached
               FROM (SELECT * FROM (${matching(`p.id, p.${key}, p.auto_expire_date`)}) p
                      ORDER BY ${order} LIMIT ${query.offset + limit}) p
              ORDER BY ${order} LIMIT ${limit} OFFSET ${query.offset}) page
       JOIN job_postings p ON p.id = page.id
      ORDER BY ${order}`,
    params,
  );
  if (rows.length > 0) return counted(rows[0].matches, rows[0].until, rows);
  if (query.offset === 0) return counted(0, null);
  // An empty page past the end: its count did not come back with it.
  const [{ matches, until }] = await db.query<{ matches: number; until: Date | null }[]>(count, params);
  return counted(matches, until);
}

/**
 * A query with the same answer, for the pages past the cap to share one: each is the same empty
 * page with the count, whatever its offset, size and order.
 */
export function sameAnswerAs(query: SearchQuery, cap = SEARCH_TOTAL_CAP): SearchQuery {
  if (query.offset < cap) return query;
  return { ...query, offset: cap, limit: DEFAULT_PAGE_SIZE, sort: 'newest' };
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
