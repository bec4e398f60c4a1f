import { searchQuerySchema, SEARCH_SORTS } from '../../../server/src/domain/postings';
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
 * Deep pages are counted first and, in the back half, read from the end: every page must still
 * be exactly the slice of the full ordering. The read model is filled directly (many postings
 * with tied rates and missing contract values); `deepOffset` brings the deep path within reach.
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

  it.each(SEARCH_SORTS)('every page of sort %s, shallow or deep, is the slice of the full order', async (sort) => {
    const all = await reference(sort);
    expect(all).toHaveLength(LIVE);
    for (const deepOffset of [10, 1_000_000]) {
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
        const { rows, total } = await searchPostings(t.db, query, now, { deepOffset });
        expect({ deepOffset, offset, limit, total, ids: rows.map((row) => row.id) }).toEqual({
          deepOffset,
          offset,
          limit,
          total: LIVE,
          ids: all.slice(offset, offset + limit),
        });
      }
    }
  });

  it('pages deep through a filtered search the same way', async () => {
    const all = await reference('rate_desc', 'AND on_call_ratio IS NOT NULL');
    expect(all.length).toBeGreaterThan(20);
    for (const offset of [0, 5, all.length - 7, all.length - 1, all.length]) {
      const query = searchQuerySchema.parse({ sort: 'rate_desc', on_call: 'with_call', offset, limit: 5 });
      const { rows, total } = await searchPostings(t.db, query, now, { deepOffset: 3 });
      expect(total).toBe(all.length);
      expect(rows.map((row) => row.id)).toEqual(all.slice(offset, offset + 5));
    }
  });

  it('answers whole rows, as the views need them', async () => {
    const { rows } = await searchPostings(t.db, searchQuerySchema.parse({ offset: 40, limit: 2 }), now, { deepOffset: 10 });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ title: expect.stringMatching(/^Posting \d+$/), stored_status: 'active', facility_city: 'San Diego' });
  });
});
