import type { DataSource } from 'typeorm';
import type { SearchQuery } from '../domain/postings';
import type { PostingRow } from '../domain/postings/posting-view';
import { POSTING_COLUMNS } from './posting-rows';

const MAX_INTEGER = 2_147_483_647;

/**
 * Each order matches one of the live sort indexes of the Postings migration exactly (a DESC sort
 * breaks ties by id DESC where its index is read backwards), so a page never sorts the table.
 * `reverse` is the same order backwards (the same index read the other way), for pages near the end.
 */
const ORDERS: Record<SearchQuery['sort'], { order: string; reverse: string }> = {
  newest: { order: 'p.published_at DESC, p.id', reverse: 'p.published_at ASC, p.id DESC' },
  rate_desc: { order: 'p.hourly_rate DESC, p.id DESC', reverse: 'p.hourly_rate ASC, p.id ASC' },
  rate_asc: { order: 'p.hourly_rate ASC, p.id', reverse: 'p.hourly_rate DESC, p.id DESC' },
  start_date: { order: 'p.start_date ASC, p.id', reverse: 'p.start_date DESC, p.id DESC' },
  contract_value_desc: {
    order: 'p.total_contract_value DESC NULLS LAST, p.id',
    reverse: 'p.total_contract_value ASC NULLS FIRST, p.id DESC',
  },
};

/**
 * Below this offset the count and the page run side by side. From it on, walking to the page
 * costs more than the count (measured on 100,000 postings, scripts/bench-search.ts), so the count
 * comes first: past the end nothing is read, and a page in the back half is read from the end.
 */
const DEEP_OFFSET = 25_000;

/**
 * Live postings (active, unexpired, of an active facility) matching the applicant filters, one
 * page at a time with the total. Every condition is served by the partial indexes of the
 * Postings migration: the sort indexes and the expiry index carry every filter column, so the
 * count and the choice of a page's ids are index-only scans, and only the page's rows are read
 * from the table (even deep in the list).
 */
export async function searchPostings(db: DataSource, query: SearchQuery, now: Date, { deepOffset = DEEP_OFFSET } = {}) {
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
  const condition = where.join(' AND ');
  const count = async () => {
    const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM job_postings p WHERE ${condition}`, params);
    return total as number;
  };
  // Only the page's ids come from the (index-only) scan; the page's rows are then read by id.
  const page = (order: string, limit: number, offset: number) =>
    db.query<PostingRow[]>(
      `SELECT ${POSTING_COLUMNS}
         FROM (SELECT p.id FROM job_postings p WHERE ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) page
         JOIN job_postings p ON p.id = page.id
        ORDER BY ${order}`,
      params,
    );
  const { order, reverse } = ORDERS[query.sort];
  if (query.offset < deepOffset) {
    const [total, rows] = await Promise.all([count(), page(order, query.limit, query.offset)]);
    return { rows, total };
  }
  const total = await count();
  if (query.offset >= total) return { rows: [], total };
  const limit = Math.min(query.limit, total - query.offset);
  if (query.offset + limit <= total / 2) return { rows: await page(order, limit, query.offset), total };
  const rows = await page(reverse, limit, total - query.offset - limit);
  return { rows: rows.reverse(), total };
}
