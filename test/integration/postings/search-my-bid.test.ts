import { startTestApp, TestApp } from '../../support/app';
import { activePosting } from '../../support/postings';
import { act, bearer, placedBid, quickApplicant, quickFacility, type Applicant, type Facility } from '../bids/helpers';

jest.setTimeout(30000);

interface Row {
  id: string;
  my_bid: { id: string; current_state: string } | null;
}

describe('GET /api/job-postings marks the applicant’s own bids', () => {
  let t: TestApp;
  let facility: Facility;
  let bidder: Applicant;
  let other: Applicant;
  let bidOn: string;
  let untouched: string;
  let bidId: string;

  /** The search page as `token` sees it (anonymous without one), by posting id. */
  async function rows(token?: string): Promise<Map<string, Row>> {
    const request = t.http().get('/api/job-postings?limit=100');
    const response = await (token ? request.set(bearer(token)) : request);
    expect(response.status).toBe(200);
    return new Map((response.body.job_postings as Row[]).map((row) => [row.id, row]));
  }

  beforeAll(async () => {
    t = await startTestApp();
    [facility, bidder, other] = await Promise.all([quickFacility(t, { credits: 2 }), quickApplicant(t), quickApplicant(t)]);
    bidOn = await activePosting(t, facility.token);
    untouched = await activePosting(t, facility.token);
    bidId = await placedBid(t, bidder.token, bidOn);
  });

  afterAll(() => t?.close());

  it('shows the applicant their bid and its state on that row, null on the others', async () => {
    const page = await rows(bidder.token);
    expect(page.get(bidOn)?.my_bid).toEqual({ id: bidId, current_state: 'applicant_submitted' });
    expect(page.get(untouched)?.my_bid).toBeNull();
  });

  it('shows another applicant, the facility and visitors no bid at all', async () => {
    for (const page of [await rows(other.token), await rows(facility.token), await rows()]) {
      expect(page.get(bidOn)?.my_bid).toBeNull();
      expect(page.get(untouched)?.my_bid).toBeNull();
    }
  });

  it('follows the bid after the facility counters', async () => {
    const countered = await act(t, facility.token, bidId, 'counter', 210);
    expect(countered.status).toBe(200);
    expect((await rows(bidder.token)).get(bidOn)?.my_bid).toEqual({ id: bidId, current_state: 'facility_countered' });
    expect((await rows(other.token)).get(bidOn)?.my_bid).toBeNull();
  });
});
