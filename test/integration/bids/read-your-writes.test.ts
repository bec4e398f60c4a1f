import { startTestApp, TestApp } from '../../support/app';
import { act, bearer, Facility, facilityWithPosting, placedBid, quickApplicant } from './helpers';

jest.setTimeout(60000);

/**
 * A command's answer waits until the read models have its events, so the caller's very next read
 * shows the write: on the instance that runs the projections, and on an API-only instance that
 * learns of the other instance's progress from its checkpoint notifications.
 */
describe('read-your-writes on bid moves', () => {
  let worker: TestApp;
  let api: TestApp;
  let facility: Facility;
  let postingId: string;

  beforeAll(async () => {
    worker = await startTestApp();
    // Serves HTTP only: the projections run in `worker`, over the same database.
    api = await startTestApp({ shareWith: worker, env: { RUN_MODE: 'api' } });
    ({ facility, postingId } = await facilityWithPosting(worker));
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
  });

  const myBid = async (t: TestApp, token: string, bidId: string) => {
    const response = await t.http().get('/api/job-bids/my-bids').set(bearer(token));
    return response.body.find((bid: { id: string }) => bid.id === bidId);
  };
  const postingBid = async (t: TestApp, bidId: string) => {
    const response = await t.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(facility.token));
    return response.body.find((bid: { id: string }) => bid.id === bidId);
  };

  it.each([
    ['the instance running the projections', () => worker],
    ['an API-only instance', () => api],
  ])('each side reads its own counter on its next GET, on %s', async (_, instance) => {
    const t = instance();
    const applicant = await quickApplicant(worker);
    const bidId = await placedBid(t, applicant.token, postingId);
    expect(await postingBid(t, bidId)).toMatchObject({ current_state: 'applicant_submitted', proposed_rate: 190 });

    for (const rate of [200, 201, 202]) {
      expect((await act(t, facility.token, bidId, 'counter', rate)).status).toBe(200);
      expect(await myBid(t, applicant.token, bidId)).toMatchObject({ current_state: 'facility_countered', counter_rate: rate });
      expect((await act(t, applicant.token, bidId, 'counter-by-applicant', rate + 10)).status).toBe(200);
      expect(await postingBid(t, bidId)).toMatchObject({ current_state: 'applicant_countered', counter_rate: rate + 10 });
    }
  });
});
