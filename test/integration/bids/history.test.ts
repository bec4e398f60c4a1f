import { randomUUID } from 'node:crypto';
import { POSTING_HISTORY_CAP } from '../../../server/src/domain/shared/history';
import { EVENT_STORE, type EventStore } from '../../../server/src/eventstore/event-store.port';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken } from '../../support/accounts';
import { act, Applicant, bearer, Facility, facilityMember, facilityWithPosting, placedBid, quickApplicant, quickFacility } from './helpers';

jest.setTimeout(60000);

describe('negotiation histories', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;
  let applicant: Applicant;
  let other: Applicant;
  let bidId: string;
  let otherBidId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId } = await facilityWithPosting(t));
    applicant = await quickApplicant(t);
    other = await quickApplicant(t, { first_name: 'Ari', last_name: 'Chen' });
    bidId = await placedBid(t, applicant.token, postingId, 220);
    otherBidId = await placedBid(t, other.token, postingId, 200);
    await act(t, facility.token, bidId, 'counter', 200);
    await act(t, applicant.token, bidId, 'counter-by-applicant', 210);
    await act(t, facility.token, otherBidId, 'reject');
    await act(t, facility.token, bidId, 'accept');
  });
  afterAll(() => t.close());

  const bidHistory = (token: string, id = bidId) => t.http().get(`/api/job-bids/${id}/history`).set(bearer(token));

  it('tells every event of a bid in order with rates, side, person and time', async () => {
    const response = await bidHistory(applicant.token);
    expect(response.status).toBe(200);
    const entries = response.body as Record<string, unknown>[];
    expect(entries.map((e) => [e.type, e.side, e.rate, e.state])).toEqual([
      ['BidSubmitted', 'applicant', 220, 'applicant_submitted'],
      ['FacilityCountered', 'facility', 200, 'facility_countered'],
      ['ApplicantCountered', 'applicant', 210, 'applicant_countered'],
      ['FacilityAccepted', 'facility', 210, 'facility_accepted'],
    ]);
    expect(entries[0].actor).toEqual({ user_id: applicant.userId, name: 'Sam Rivera' });
    expect(entries[1].actor).toEqual({ user_id: facility.userId, name: "Dana O'Neil" });
    expect(entries[3]).toMatchObject({ proposed_rate: 220, counter_rate: 210, agreed_rate: 210, bid_id: bidId, job_posting_id: postingId });
    const times = entries.map((e) => Date.parse(e.at as string));
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is open to both parties and admins, refused to others', async () => {
    expect((await bidHistory(facility.token)).status).toBe(200);
    expect((await bidHistory(await adminToken(t))).status).toBe(200);
    const member = await facilityMember(t, facility.facilityId, { can_manage_bids: false });
    expect((await bidHistory(member.token)).status).toBe(200);
    expect((await bidHistory(other.token)).status).toBe(403);
    expect((await bidHistory((await quickFacility(t)).token)).status).toBe(403);
    expect((await bidHistory(applicant.token, randomUUID())).status).toBe(404);
  });

  it("merges a posting's events with all of its bids' in log order", async () => {
    const response = await t.http().get(`/api/job-postings/${postingId}/history`).set(bearer(facility.token));
    expect(response.status).toBe(200);
    const entries = response.body as Record<string, unknown>[];
    expect(entries.map((e) => [e.kind, e.type, e.bid_id])).toEqual([
      ['posting', 'PostingCreated', null],
      ['posting', 'PostingPublished', null],
      ['bid', 'BidSubmitted', bidId],
      ['bid', 'BidSubmitted', otherBidId],
      ['bid', 'FacilityCountered', bidId],
      ['bid', 'ApplicantCountered', bidId],
      ['bid', 'FacilityRejected', otherBidId],
      ['bid', 'FacilityAccepted', bidId],
    ]);
    expect(entries[0]).toMatchObject({ rate: 185, side: 'facility', state: 'draft' });
    expect(entries[3]).toMatchObject({ applicant_name: 'Ari Chen', rate: 200, side: 'applicant' });
    const positions = entries.map((e) => BigInt(e.global_position as string));
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect(response.headers['x-has-more']).toBe('false');
  });

  it(`answers a long posting history's first ${POSTING_HISTORY_CAP} events, oldest first, and says there are more`, async () => {
    const busy = await facilityWithPosting(t);
    const bid = await placedBid(t, applicant.token, busy.postingId, 230);
    const edits = Array.from({ length: POSTING_HISTORY_CAP + 10 }, (_, i) => ({
      type: 'PostingEdited',
      data: { user_id: busy.facility.userId, at: new Date().toISOString(), changes: { title: `Edit ${i}` } },
    }));
    await t.app.get<EventStore>(EVENT_STORE).append(`posting-${busy.postingId}`, edits, 'any');

    const response = await t.http().get(`/api/job-postings/${busy.postingId}/history`).set(bearer(busy.facility.token));
    expect(response.status).toBe(200);
    expect(response.headers['x-has-more']).toBe('true');
    const entries = response.body as Record<string, unknown>[];
    expect(entries).toHaveLength(POSTING_HISTORY_CAP);
    expect(entries.slice(0, 4).map((e) => [e.type, e.bid_id])).toEqual([
      ['PostingCreated', null],
      ['PostingPublished', null],
      ['BidSubmitted', bid],
      ['PostingEdited', null],
    ]);
    expect(entries.at(-1)).toMatchObject({ type: 'PostingEdited', rate: null });
  });

  it('shows the posting history to its facility and admins only', async () => {
    const path = `/api/job-postings/${postingId}/history`;
    expect(
      (
        await t
          .http()
          .get(path)
          .set(bearer(await adminToken(t)))
      ).status,
    ).toBe(200);
    expect((await t.http().get(path).set(bearer(applicant.token))).status).toBe(403);
    expect(
      (
        await t
          .http()
          .get(path)
          .set(bearer((await quickFacility(t)).token))
      ).status,
    ).toBe(403);
    expect((await t.http().get(`/api/job-postings/${randomUUID()}/history`).set(bearer(facility.token))).status).toBe(404);
  });
});
