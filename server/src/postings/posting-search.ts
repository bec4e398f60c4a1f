import type { DataSource } from 'typeorm';
import type { SearchQuery } from '../domain/postings';
import { POSTING_COLUMNS } from './posting-views';

const ORDER_BY: Record<SearchQuery['sort'], string> = {
  newest: 'p.published_at DESC, p.id',
  rate_desc: 'p.hourly_rate DESC, p.id',
  rate_asc: 'p.hourly_rate ASC, p.id',
  start_date: 'p.start_date ASC, p.id',
  contract_value_desc: 'p.total_contract_value DESC NULLS LAST, p.id',
};

/**
 * Live postings (active, unexpired, of an active facility) matching the applicant filters, one
 * page at a time with the total. Every condition is served by the partial indexes of the
 * Postings migration.
 */
export async function searchPostings(db: DataSource, query: SearchQuery, now: Date) {
  const where = [`p.status = 'active'`, 'p.facility_active', 'p.auto_expire_date > $1'];
  const params: unknown[] = [now];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (query.location) {
    const text = query.location.toLowerCase();
    add((n) => `(lower(p.facility_city) LIKE ${n} || '%' OR lower(p.facility_state) = ${n})`, text.replace(/[\\%_]/g, '\\$&'));
  }
  if (query.license) add((n) => `p.required_license_state = ${n}`, query.license);
  if (query.procedure_types?.length) add((n) => `p.procedure_type_ids && ${n}::integer[]`, query.procedure_types);
  if (query.on_call === 'with_call') where.push('p.on_call_ratio IS NOT NULL');
  if (query.on_call === 'no_call') where.push('p.on_call_ratio IS NULL');
  if (query.supervision && query.supervision !== 'any') add((n) => `p.supervision_type = ${n}`, query.supervision);
  if (query.malpractice === 'provided') where.push('p.malpractice_amount > 0');
  const condition = where.join(' AND ');
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM job_postings p WHERE ${condition}`, params);
  const rows = await db.query(
    `SELECT ${POSTING_COLUMNS} FROM job_postings p WHERE ${condition} ORDER BY ${ORDER_BY[query.sort]} LIMIT ${query.limit} OFFSET ${query.offset}`,
    params,
  );
  return { rows, total: total as number };
}
