import { startTestApp, TestApp } from '../../support/app';
import { act, bidEvents, Facility, facilityWithPosting, placedBid, quickApplicant } from './helpers';

jest.setTimeout(60000);

describe('conflicting commands racing on one bid', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId } = await facilityWithPosting(t));
  });
  afterAll(() => t.close());

  it('leaves exactly one winner among 20 mixed accept/reject/counter: nineteen 409s, one transition', async () => {
    const applicant = await quickApplicant(t);
    const bidId = await placedBid(t, applicant.token, postingId, 200);
    const moves = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0
        ? act(t, facility.token, bidId, 'accept')
        : i % 3 === 1
          ? act(t, facility.token, bidId, 'reject')
          : act(t, facility.token, bidId, 'counter', 150 + i),
    );
    const answers = await Promise.all(moves);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);

    const events = await bidEvents(t, bidId);
    expect(events).toHaveLength(2);
    expect(events[0]).toBe('BidSubmitted');
    const winner = answers.find((answer) => answer.status === 200)!;
    const expected = {
      facility_accepted: 'FacilityAccepted',
      facility_rejected: 'FacilityRejected',
      facility_countered: 'FacilityCountered',
    }[winner.body.current_state as string];
    expect(events[1]).toBe(expected);

    // The read model agrees with the log.
    const listed = await t
      .http()
      .get(`/api/job-bids/job/${postingId}/bids`)
      .set({ Authorization: `Bearer ${facility.token}` });
    expect(listed.body.find((bid: { id: string }) => bid.id === bidId).current_state).toBe(winner.body.current_state);
  });

  it('lets one of an applicant accept-counter and withdraw race win', async () => {
    const applicant = await quickApplicant(t);
    const bidId = await placedBid(t, applicant.token, postingId, 210);
    await act(t, facility.token, bidId, 'counter', 190);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act(t, applicant.token, bidId, ['accept-counter', 'withdraw', 'reject-counter'][i % 3])),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await bidEvents(t, bidId)).toHaveLength(3);
  });
});
