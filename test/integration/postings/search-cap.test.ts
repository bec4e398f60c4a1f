import { SEARCH_TOTAL_CAP } from '../../../server/src/domain/postings';
import { startTestApp, TestApp } from '../../support/app';

jest.setTimeout(30000);

/**
 * Search counts matches up to SEARCH_TOTAL_CAP and pages through those only (issue #13). The
 * read model is filled directly: five live postings in Fresno and exactly the cap's number in
 * San Diego.
 */
describe('GET /api/job-postings past the cap on matches', () => {
  let t: TestApp;
  const FRESNO = 5;

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.query(
      `INSERT INTO job_postings (id, facility_id, created_by, title, role_type, start_date, end_date, hourly_rate, hours_per_day,
         days_per_week, required_license_state, procedure_type_ids, status, auto_expire_date, published_at, facility_name,
         facility_city, facility_state, facility_active, created_at, updated_at)
       SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'Posting ' || g, 'CRNA', current_date + 7, current_date + 30,
              150 + g % 50, 10, 5, 'CA', '{}', 'active', now() + interval '10 days', now() - g * interval '1 minute', 'Facility',
              CASE WHEN g <= ${FRESNO} THEN 'Fresno' ELSE 'San Diego' END, 'CA', true, now(), now()
         FROM generate_series(1, ${FRESNO + SEARCH_TOTAL_CAP}) g`,
    );
  });
  afterAll(() => t.close());

  async function search(query: string) {
    const response = await t.http().get(`/api/job-postings?${query}`);
    expect(response.status).toBe(200);
    return response.body as { job_postings: { title: string }[]; total: number; total_capped: boolean };
  }

  it('answers the cap as the total, and says so, when more postings match', async () => {
    const page = await search('limit=20');
    expect({ total: page.total, total_capped: page.total_capped, rows: page.job_postings.length }).toEqual({
      total: SEARCH_TOTAL_CAP,
      total_capped: true,
      rows: 20,
    });
  });

  it('answers the exact total when fewer match, or exactly the cap', async () => {
    const fresno = await search('location=fresno');
    expect({ total: fresno.total, total_capped: fresno.total_capped }).toEqual({ total: FRESNO, total_capped: false });
    expect(fresno.job_postings.map((posting) => posting.title)).toEqual(['Posting 1', 'Posting 2', 'Posting 3', 'Posting 4', 'Posting 5']);
    const sanDiego = await search('location=san%20diego');
    expect({ total: sanDiego.total, total_capped: sanDiego.total_capped }).toEqual({ total: SEARCH_TOTAL_CAP, total_capped: false });
  });

  it('pages up to the cap and answers empty pages beyond it', async () => {
    const last = await search(`limit=50&offset=${SEARCH_TOTAL_CAP - 20}`);
    expect(last.job_postings.map((posting) => posting.title)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Posting ${SEARCH_TOTAL_CAP - 20 + index + 1}`),
    );
    for (const offset of [SEARCH_TOTAL_CAP, SEARCH_TOTAL_CAP + 2, 9007199254740991]) {
      expect(await search(`offset=${offset}`)).toEqual({ job_postings: [], total: SEARCH_TOTAL_CAP, total_capped: true });
    }
  });
});
