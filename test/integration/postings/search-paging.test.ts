import { searchQuerySchema, SEARCH_SORTS, SEARCH_TOTAL_CAP } from '../../../server/src/domain/postings';
import { searchPostings } from '../../../server/src/postings/posting-search';
import { startTestApp, TestApp } from '../../support/app';

jest.setTimeout(30000);

/** The same orders as the search promises, written plainly, over the whole live set. */
const REFERENCE_ORDER: Record<(typeof SEARCH_SORTS)[number], string> = {
  newest: 'published_at DESC, id',
  rate_desc: 'hourly_rate DESC, id DESC',
  rate_asc: 'hourly_rate ASC, id',
  start_date: 'start_date ASC, id',
  contract_value_desc: 'total_contract_value DESC NULLS LAST, id',
};

/**
 * Every page must be exactly the slice of the full ordering, and the pages end at the cap on
 * matches (SEARCH_TOTAL_CAP) with the count. The read model is filled directly (many postings
 * with tied rates and missing contract values); `cap` brings the cap within reach.
 */
describe('search paging against the full ordering', () => {
  let t: TestApp;
  const now = new Date();
  const LIVE = 59;

  beforeAll(async () => {
    t = await startTestApp();
    // 80 postings: 59 live; the rest drafts, withdrawn, expired or of a suspended facility.
    await t.db.query(
      `INSERT INTO job_postings (id, facility_id, created_by, title, role_type, start_date, end_date, hourly_rate, hours_per_day,
         days_per_week, total_contract_value, required_license_state, procedure_type_ids, on_call_ratio, supervision_type, status,
         auto_expire_date, published_at, facility_name, facility_city, facility_state, facility_active, created_at, updated_at)
       SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'Posting ' || g, 'CRNA',
              current_date + (g % 9), current_date + 30, 150 + (g % 4) * 10, 10, 5,
              CASE WHEN g % 6 = 0 THEN NULL ELSE 1000 * (g % 7) END, 'CA', ARRAY[1 + g % 3], CASE WHEN g % 2 = 0 THEN 3 END,
              'independent',
              CASE WHEN g > 77 THEN 'draft' WHEN g > 74 THEN 'withdrawn' ELSE 'active' END,
              CASE WHEN g BETWEEN 60 AND 69 THEN now() - interval '1 hour' ELSE now() + interval '10 days' END,
              now() - (g % 5) * interval '1 day', 'Facility', 'San Diego', 'CA', g NOT BETWEEN 70 AND 74, now(), now()
         FROM generate_series(1, 80) g`,
    );
  });
  afterAll(() => t.close());

  async function reference(sort: keyof typeof REFERENCE_ORDER, extra = ''): Promise<string[]> {
    const rows = await t.db.query(
      `SELECT id FROM job_postings WHERE status = 'active' AND facility_active AND auto_expire_date > $1 ${extra}
        ORDER BY ${REFERENCE_ORDER[sort]}`,
      [now],
    );
    return rows.map((row: { id: string }) => row.id);
  }

  it.each(SEARCH_SORTS)('every page of sort %s, below the cap or at it, is the slice of the full order', async (sort) => {
    const all = await reference(sort);
    expect(all).toHaveLength(LIVE);
    for (const cap of [SEARCH_TOTAL_CAP, LIVE, 40]) {
      const reachable = all.slice(0, cap);
      for (const [offset, limit] of [
        [0, 20],
        [10, 10],
        [20, 20],
        [28, 1],
        [30, 20],
        [47, 10],
        [50, 20],
        [56, 100],
        [57, 10],
        [80, 10],
      ]) {
        const query = searchQuerySchema.parse({ sort, offset, limit });
        const { rows, total, capped } = await searchPostings(t.db, query, now, { cap });
        expect({ cap, offset, limit, total, capped, ids: rows.map((row) => row.id) }).toEqual({
          cap,
          offset,
          limit,
          total: Math.min(LIVE, cap),
          capped: LIVE > cap,
          ids: reachable.slice(offset, offset + limit),
        });
      }
    }
  });

  it('pages through a filtered search the same way, to its end or to the cap', async () => {
    const all = await reference('rate_desc', 'AND on_call_ratio IS NOT NULL');
    expect(all.length).toBeGreaterThan(20);
    for (const cap of [SEARCH_TOTAL_CAP, 20]) {
      const reachable = all.slice(0, cap);
      for (const offset of [0, 5, reachable.length - 7, reachable.length - 1, reachable.length, all.length + 3]) {
        const query = searchQuerySchema.parse({ sort: 'rate_desc', on_call: 'with_call', offset, limit: 5 });
        const { rows, total, capped } = await searchPostings(t.db, query, now, { cap });
        expect({ total, capped }).toEqual({ total: reachable.length, capped: all.length > cap });
        expect(rows.map((row) => row.id)).toEqual(reachable.slice(offset, offset + 5));
      }
    }
  });

  it('pages through a two-letter location, a city prefix or a state, each posting once', async () => {
    // Carlsbad, CA matches both ways; Camden, NJ by its city only; San Diego, CA by its state only.
    const moved = `title IN (${Array.from({ length: 20 }, (_, i) => `'Posting ${i + 1}'`).join(', ')})`;
    await t.db.query(
      `UPDATE job_postings SET facility_city = CASE WHEN title < 'Posting 2' THEN 'Carlsbad' ELSE 'Camden' END WHERE ${moved}`,
    );
    await t.db.query(`UPDATE job_postings SET facility_state = 'NJ' WHERE facility_city = 'Camden'`);
    try {
      const all = await reference('start_date', `AND (facility_city IN ('Carlsbad', 'Camden') OR facility_state = 'CA')`);
      expect(all).toHaveLength(LIVE);
      for (const cap of [SEARCH_TOTAL_CAP, 30]) {
        const reachable = all.slice(0, cap);
        for (const offset of [0, 25, reachable.length - 3, reachable.length]) {
          const query = searchQuerySchema.parse({ location: 'Ca', sort: 'start_date', offset, limit: 10 });
          const { rows, total, capped } = await searchPostings(t.db, query, now, { cap });
          expect({ total, capped }).toEqual({ total: reachable.length, capped: LIVE > cap });
          expect(rows.map((row) => row.id)).toEqual(reachable.slice(offset, offset + 10));
        }
      }
      const camden = await reference('start_date', `AND facility_city = 'Camden'`);
      const { rows } = await searchPostings(t.db, searchQuerySchema.parse({ location: 'nj', sort: 'start_date', limit: 100 }), now);
      expect(rows.map((row) => row.id)).toEqual(camden);
    } finally {
      await t.db.query(`UPDATE job_postings SET facility_city = 'San Diego', facility_state = 'CA' WHERE ${moved}`);
    }
  });

  it('says until when time alone leaves an answer as it is: the first expiry among the postings it depends on', async () => {
    const expiry = async (title: string) =>
      (await t.db.query('SELECT auto_expire_date FROM job_postings WHERE title = $1', [title]))[0].auto_expire_date as Date;
    const later = await expiry('Posting 7');
    // Posting 7 (procedure type 2, among the 15 best paid) now ends before every other live posting.
    await t.db.query(`UPDATE job_postings SET auto_expire_date = now() + interval '2 days' WHERE title = 'Posting 7'`);
    try {
      const sooner = await expiry('Posting 7');
      const until = async (query: object, cap?: number) => (await searchPostings(t.db, searchQuerySchema.parse(query), now, { cap })).until;
      expect(await until({})).toEqual(sooner);
      expect(await until({ procedure_types: '1' })).toEqual(later);
      expect(await until({ procedure_types: '26' })).toBeNull();
      // Capped: whatever the count read, the page and those before it include Posting 7.
      expect(await until({ sort: 'rate_desc', offset: 10, limit: 5 }, 20)).toEqual(sooner);
    } finally {
      await t.db.query(`UPDATE job_postings SET auto_expire_date = $1 WHERE title = 'Posting 7'`, [later]);
    }
  });

  it('sorts no more than the rows up to the end of the page, however many match', async () => {
    // A city prefix: its index does not give the order, so the matches are sorted.
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = {
      query: (sql: string, params: unknown[] = []) => {
        statements.push({ sql, params });
        return t.db.query(sql, params);
      },
    };
    const query = searchQuerySchema.parse({ location: 'san', sort: 'rate_asc', offset: 5, limit: 5 });
    expect((await searchPostings(recording, query, now)).rows).toHaveLength(5);
    const [{ sql, params }] = statements;
    const [{ 'QUERY PLAN': plans }] = await t.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    const sorts = planNodes(plans[0].Plan).filter((node) => node['Node Type'] === 'Sort');
    expect(sorts.length).toBeGreaterThan(0);
    // Only a top-N sort may take more rows than the page's end (offset + limit) from below.
    const unbounded = sorts.filter((sort) => (sort.Plans?.[0]['Actual Rows'] ?? 0) > 10 && sort['Sort Method'] !== 'top-N heapsort');
    expect(unbounded).toEqual([]);
  });

  it('answers whole rows, as the views need them', async () => {
    const { rows } = await searchPostings(t.db, searchQuerySchema.parse({ offset: 40, limit: 2 }), now);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ title: expect.stringMatching(/^Posting \d+$/), stored_status: 'active', facility_city: 'San Diego' });
  });
});

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
