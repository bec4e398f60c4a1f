import type { DataSource } from 'typeorm';

type Row = Record<string, unknown>;

/** One page of a list and how many rows the whole list has (for X-Total-Count). */
export interface Page {
  rows: Row[];
  total: number;
}

/**
 * Shapes a page read with `count(*) OVER () AS total`. That window count comes only with rows,
 * so a page past the end counts the table itself.
 */
export async function page(
  db: DataSource,
  table: 'facilities' | 'applicants',
  rows: Row[],
  offset: number,
  shape: (row: Row) => Row,
): Promise<Page> {
  const total = rows[0]?.total ?? (offset > 0 ? await countAll(db, table) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => shape(row)), total: Number(total) };
}

async function countAll(db: DataSource, table: 'facilities' | 'applicants'): Promise<number> {
  const [row] = await db.query(`SELECT count(*)::int AS total FROM ${table}`);
  return row.total;
}
