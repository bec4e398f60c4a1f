import { createHash } from 'node:crypto';
import { allProjections } from '../../../projections';
import { EVENT_STORE, type EventStore } from '../../../server/src/eventstore';
import { ProjectionRunner } from '../../../server/src/platform/read-models/projection-runner';
import { SEARCH_TOTAL_CAP } from '../../../server/src/domain/postings';
import { startTestApp, TestApp } from '../../support/app';
import { rawGet } from '../../support/raw-get';
import { verifiedFacility } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { UNSEARCHED_POSTING_COLUMNS } from '../../../server/migrations/1763700002510-PostingSearchVersion';
import { act, bearer, placedBid, postingViaDomain, quickApplicant, quickFacility, sleep, waitUntil, type Facility } from '../bids/helpers';
import { setFacilityActive } from './helpers';

jest.setTimeout(60000);

interface Row {
  id: string;
  my_bid: { id: string; current_state: string } | null;
}

/**
 * Search pages are cached per version of the postings (server/src/postings/queries/search-cache.ts).
 * What a user would notice if that went wrong: two instances over one database, each with its own
 * cache, and every search asked twice before the change, so the page is surely cached.
 */
describe('cached search answers', () => {
  let worker: TestApp;
  let api: TestApp;
  let facility: Facility;

  /** The page `query` answers on `t`, as `token` sees it (anonymous without one), by posting id. */
  async function page(t: TestApp, query = '', token?: string): Promise<Map<string, Row>> {
    const request = t.http().get(`/api/job-postings?${/limit=/.test(query) ? query : `limit=100&${query}`}`);
    const response = await (token ? request.set(bearer(token)) : request);
    expect(response.status).toBe(200);
    return new Map((response.body.job_postings as Row[]).map((row) => [row.id, row]));
  }
  /** Asks twice, the second time from the cache. */
  async function cached(t: TestApp, query = '', token?: string): Promise<Map<string, Row>> {
    await page(t, query, token);
    return page(t, query, token);
  }
  const version = async () => (await worker.db.query('SELECT version FROM job_postings_version'))[0].version as string;

  beforeAll(async () => {
    // A command's answer waits for the read models (up to a minute here, however busy the machine):
    // what these tests ask is whether the next search, on either instance, shows what they hold.
    const env = { READ_YOUR_WRITES_TIMEOUT_MS: '60000' };
    worker = await startTestApp({ env });
    // Serves HTTP only: the projections run in `worker`, over the same database.
    api = await startTestApp({ shareWith: worker, env: { ...env, RUN_MODE: 'api' } });
    facility = await quickFacility(worker, { credits: 10 });
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
  });

  it('shows a posting published on one instance in the next search on the other, and drops it once withdrawn', async () => {
    const before = await cached(api);
    const id = await activePosting(worker, facility.token);
    expect(before.has(id)).toBe(false);
    expect((await page(api)).has(id)).toBe(true);

    await cached(api);
    const withdrawn = await worker.http().delete(`/api/job-postings/${id}`).set(bearer(facility.token));
    expect(withdrawn.status).toBe(200);
    expect((await page(api)).has(id)).toBe(false);
  });

  it('shows an edit made on the other instance', async () => {
    const id = await activePosting(worker, facility.token, { hourly_rate: 180 });
    expect((await cached(api)).get(id)).toMatchObject({ hourly_rate: 180 });
    const edited = await worker
      .http()
      .put(`/api/job-postings/${id}`)
      .set(bearer(facility.token))
      .send({ ...(await worker.http().get(`/api/job-postings/${id}`).set(bearer(facility.token))).body, hourly_rate: 240 });
    expect(edited.status).toBe(200);
    expect((await page(api)).get(id)).toMatchObject({ hourly_rate: 240 });
  });

  it("marks the applicant's new bid on a cached page, moves nothing everyone sees, and drops the posting once filled", async () => {
    const id = await activePosting(worker, facility.token, { openings: 1 });
    const [bidder, other] = await Promise.all([quickApplicant(worker), quickApplicant(worker)]);
    expect((await cached(api, '', bidder.token)).get(id)?.my_bid).toBeNull();
    const stood = await version();

    const bidId = await placedBid(api, bidder.token, id);
    expect((await page(api, '', bidder.token)).get(id)?.my_bid).toEqual({ id: bidId, current_state: 'applicant_submitted' });
    expect((await page(api, '', other.token)).get(id)?.my_bid).toBeNull();
    expect((await page(api)).get(id)?.my_bid).toBeNull();
    // A bid changes the posting's counts only, which search does not show: the cached pages stay.
    expect(await version()).toBe(stood);

    expect((await act(api, facility.token, bidId, 'accept')).status).toBe(200);
    expect((await page(api, '', bidder.token)).has(id)).toBe(false);
    expect((await page(worker)).has(id)).toBe(false);
  });

  it('drops the postings of a suspended facility from cached pages and brings them back', async () => {
    const id = await activePosting(worker, facility.token);
    expect((await cached(api)).has(id)).toBe(true);
    await setFacilityActive(worker, facility.facilityId, false);
    expect((await page(api)).has(id)).toBe(false);
    await setFacilityActive(worker, facility.facilityId, true);
    expect((await page(api)).has(id)).toBe(true);
  });

  it('drops a posting whose period ends while its page is cached, with no write in between', async () => {
    // Five seconds: long enough to be found live first on a busy machine.
    const soon = await postingViaDomain(worker, facility, { auto_expire_date: new Date(Date.now() + 5000).toISOString() });
    // Sent to the command bus directly, which does not wait for the read models.
    await waitUntil(
      async () => (await worker.db.query(`SELECT 1 FROM job_postings WHERE id = $1 AND status = 'active'`, [soon])).length > 0,
      10000,
      'the posting',
    );
    expect((await cached(api)).has(soon)).toBe(true);
    const stood = await version();
    const [{ auto_expire_date: expires }] = await worker.db.query('SELECT auto_expire_date FROM job_postings WHERE id = $1', [soon]);
    await sleep(expires.getTime() - Date.now() + 50);
    expect((await page(api)).has(soon)).toBe(false);
    expect(await version()).toBe(stood);
  });

  it('keeps each query its own page', async () => {
    const at = (city: string, state: string) => ({
      name: `${city} Surgery Center`,
      facility_type: 'Hospital',
      city,
      state,
      zip_code: '73301',
    });
    const [austin, denver] = await Promise.all([
      verifiedFacility(worker, { credits: 1, profile: at('Austin', 'TX') }),
      verifiedFacility(worker, { credits: 1, profile: at('Denver', 'CO') }),
    ]);
    const inAustin = await activePosting(worker, austin.token, { hourly_rate: 301 });
    const inDenver = await activePosting(worker, denver.token, { hourly_rate: 302 });
    for (let round = 0; round < 2; round++) {
      expect([...(await page(api, 'location=Austin')).keys()]).toEqual([inAustin]);
      expect([...(await page(api, 'location=Denver')).keys()]).toEqual([inDenver]);
      expect([...(await page(api, 'sort=rate_desc&limit=1')).keys()]).toEqual([inDenver]);
      expect([...(await page(api, 'sort=rate_desc&limit=1&offset=1')).keys()]).toEqual([inAustin]);
    }
  });

  it('sends a cached page as the uncached one was sent: the same JSON, compressed as asked, with an ETag that answers 304', async () => {
    await activePosting(worker, facility.token);
    const plain = await api.http().get('/api/job-postings').set('Accept-Encoding', 'identity');
    // supertest inflates what it is sent, as a browser does.
    const gzipped = await api.http().get('/api/job-postings').set('Accept-Encoding', 'gzip');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzipped.body).toEqual(plain.body);

    const again = await api.http().get('/api/job-postings').set('Accept-Encoding', 'identity').set('If-None-Match', plain.headers.etag);
    expect(again.status).toBe(304);
    // The gzipped bytes' ETag is a weak one of those bytes (length and SHA-1), the same each time they are sent.
    for (let i = 0; i < 2; i++) {
      const raw = await rawGet(`${api.url}/api/job-postings`, { 'Accept-Encoding': 'gzip' });
      const sha1 = createHash('sha1').update(raw.body).digest('base64').slice(0, 27);
      expect(raw.headers.etag).toBe(`W/"${raw.body.length.toString(16)}-${sha1}"`);
      const unchanged = await rawGet(`${api.url}/api/job-postings`, { 'Accept-Encoding': 'gzip', 'If-None-Match': raw.headers.etag ?? '' });
      expect(unchanged.status).toBe(304);
    }
  });

  it('answers every page past the cap with one cached answer, whatever its offset, size and order', async () => {
    const id = await activePosting(worker, facility.token);
    const past = async (query: string) => {
      const response = await api.http().get(`/api/job-postings?${query}`);
      expect(response.status).toBe(200);
      return response.body as { job_postings: Row[]; total: number };
    };
    const first = await past(`offset=${SEARCH_TOTAL_CAP}`);
    expect(first.job_postings).toEqual([]);
    // The posting leaves behind the trigger's back: only an answer read from the table would miss it.
    await worker.db.query('ALTER TABLE job_postings DISABLE TRIGGER job_postings_changed');
    await worker.db.query(`UPDATE job_postings SET status = 'withdrawn' WHERE id = $1`, [id]);
    await worker.db.query('ALTER TABLE job_postings ENABLE TRIGGER job_postings_changed');
    try {
      expect(await past(`offset=${SEARCH_TOTAL_CAP + 7}&limit=50&sort=rate_desc`)).toEqual(first);
    } finally {
      await worker.db.query(`UPDATE job_postings SET status = 'active' WHERE id = $1`, [id]);
    }
    // A write moves the version: the next answer past the cap is read afresh.
    await worker.db.query(`UPDATE job_postings SET status = 'withdrawn' WHERE id = $1`, [id]);
    expect((await past(`offset=${SEARCH_TOTAL_CAP + 1}`)).total).toBe(first.total - 1);
  });

  it('answers from the tables a rebuild swaps in, which keep the trigger', async () => {
    const id = await activePosting(worker, facility.token, { hourly_rate: 190 });
    // A live row that went wrong behind the trigger's back (as a bug in a projection would leave
    // it, which is what rebuilds are for), cached as it stands.
    await worker.db.query('ALTER TABLE job_postings DISABLE TRIGGER job_postings_changed');
    await worker.db.query('UPDATE job_postings SET hourly_rate = 999 WHERE id = $1', [id]);
    await worker.db.query('ALTER TABLE job_postings ENABLE TRIGGER job_postings_changed');
    expect((await cached(api, 'sort=rate_desc')).get(id)).toMatchObject({ hourly_rate: 999 });

    await new ProjectionRunner(worker.db, worker.app.get<EventStore>(EVENT_STORE), allProjections, null).rebuild();
    expect((await page(api, 'sort=rate_desc')).get(id)).toMatchObject({ hourly_rate: 190 });
    const [{ triggers }] = await worker.db.query(
      `SELECT count(*)::int AS triggers FROM pg_trigger WHERE tgrelid = 'job_postings'::regclass AND tgname = 'job_postings_changed'`,
    );
    expect(triggers).toBe(1);
  });

  it('moves the version on every change to a column search reads, and on no other', async () => {
    const columns: { column: string }[] = await worker.db.query(
      `SELECT attname AS column FROM pg_attribute WHERE attrelid = 'job_postings'::regclass AND attnum > 0 AND NOT attisdropped`,
    );
    const [{ watched }] = await worker.db.query(
      `SELECT array(SELECT attname::text FROM pg_attribute a WHERE a.attrelid = t.tgrelid AND a.attnum = ANY(t.tgattr)) AS watched
         FROM pg_trigger t WHERE t.tgrelid = 'job_postings'::regclass AND t.tgname = 'job_postings_changed'`,
    );
    // A column added later must join the trigger's list or UNSEARCHED_POSTING_COLUMNS.
    expect([...watched].sort()).toEqual(
      columns
        .map(({ column }) => column)
        .filter((column) => !UNSEARCHED_POSTING_COLUMNS.includes(column))
        .sort(),
    );
  });
});
