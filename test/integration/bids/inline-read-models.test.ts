import { startTestApp, TestApp } from '../../support/app';
import { readModelRows, readModelsAtHead } from '../platform/rebuild-support';
import { act, Applicant, bearer, Facility, facilityWithPosting, placedBid, quickApplicant } from './helpers';

jest.setTimeout(120_000);

/**
 * A bid command writes the bid's row and its posting's counts in its own append's transaction
 * (inline projections). Its caller reads the move at once even when no projection runs anywhere,
 * bids placed side by side on one posting are all counted, and the asynchronous projections,
 * when they come, pass over what was written inline: the read models end as a rebuild makes them.
 */
describe('bid commands write their own read rows', () => {
  let worker: TestApp;
  let api: TestApp;
  let facility: Facility;
  let postingId: string;
  let applicants: Applicant[];

  beforeAll(async () => {
    worker = await startTestApp();
    // Serves HTTP only, and would wait a minute for a read model: a test that finishes never waited.
    api = await startTestApp({ shareWith: worker, env: { RUN_MODE: 'api', READ_YOUR_WRITES_TIMEOUT_MS: '60000' } });
    ({ facility, postingId } = await facilityWithPosting(worker));
    applicants = await Promise.all(Array.from({ length: 9 }, () => quickApplicant(worker)));
    await readModelsAtHead(worker.db);
    // From here on no projection runs anywhere, until the last test starts them again.
    await worker.projections.stop();
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
  });

  const myBid = async (token: string, bidId: string) => {
    const response = await api.http().get('/api/job-bids/my-bids').set(bearer(token));
    return response.body.find((bid: { id: string }) => bid.id === bidId);
  };
  const postingBid = async (bidId: string) => {
    const response = await api.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(facility.token));
    return response.body.find((bid: { id: string }) => bid.id === bidId);
  };
  const posting = async () => (await api.http().get(`/api/job-postings/${postingId}`).set(bearer(facility.token))).body;

  it('each side reads its move, and the posting its counts, with no projection running anywhere', async () => {
    const applicant = applicants[0];
    const before = await posting();

    const bidId = await placedBid(api, applicant.token, postingId, 190);
    expect(await postingBid(bidId)).toMatchObject({ current_state: 'applicant_submitted', proposed_rate: 190 });
    expect(await posting()).toMatchObject({
      bid_count: before.bid_count + 1,
      awaiting_response_count: before.awaiting_response_count + 1,
      needs_response: true,
    });

    expect((await act(api, facility.token, bidId, 'counter', 205)).status).toBe(200);
    expect(await myBid(applicant.token, bidId)).toMatchObject({ current_state: 'facility_countered', counter_rate: 205 });
    expect(await posting()).toMatchObject({ bid_count: before.bid_count + 1, awaiting_response_count: before.awaiting_response_count });

    const answer = await act(api, applicant.token, bidId, 'counter-by-applicant', 198);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ current_state: 'applicant_countered', counter_rate: 198 });
    expect(await postingBid(bidId)).toMatchObject({ current_state: 'applicant_countered', counter_rate: 198 });
  });

  it("updates a bid's row in place on each move: no index of bids names a column a move changes", async () => {
    // A HOT update (in place, no new index entries) needs every indexed column unchanged.
    const moving = ['current_state', 'proposed_rate', 'counter_rate', 'agreed_rate', 'version', 'updated_at'];
    const indexes: { definition: string }[] = await worker.db.query(
      `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid = 'bids'::regclass`,
    );
    expect(indexes.length).toBeGreaterThan(0);
    for (const { definition } of indexes) {
      const columns = definition.slice(definition.indexOf('('));
      expect(moving.filter((column) => columns.includes(column))).toEqual([]);
    }
  });

  it('counts every bid of many placed on one posting at the same time', async () => {
    const before = await posting();
    await Promise.all(applicants.slice(1).map((applicant, i) => placedBid(api, applicant.token, postingId, 180 + i)));

    expect(await posting()).toMatchObject({
      bid_count: before.bid_count + 8,
      awaiting_response_count: before.awaiting_response_count + 8,
    });
  });

  it('the projections, started afterwards, apply nothing twice: the read models are what a rebuild makes', async () => {
    worker.projections.start();
    await readModelsAtHead(worker.db);
    const live = await readModelRows(worker.db);
    const seen = (await api.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(facility.token))).body;

    await worker.projections.rebuild();

    expect(await readModelRows(worker.db)).toEqual(live);
    expect((await api.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(facility.token))).body).toEqual(seen);
  });
});
