import { allProjections } from '../../../projections';
import { bidsReactor } from '../../../server/src/bids/bids.reactor';
import { EVENT_STORE, type EventStore } from '../../../server/src/eventstore/event-store.port';
import { ProjectionRunner } from '../../../server/src/platform/read-models/projection-runner';
import { openingsReactor } from '../../../server/src/postings/openings/openings.reactor';
import { startTestApp, TestApp } from '../../support/app';
import { jobForm } from '../../support/postings';
import {
  act,
  Applicant,
  bearer,
  bidEvents,
  Facility,
  facilityWithPosting,
  placedBid,
  quickApplicant,
  quickFacility,
  sleep,
  submitBid,
  waitUntil,
} from '../bids/helpers';
import { validationErrors } from './helpers';

jest.setTimeout(90000);

const FILLED_SUBJECT = /has been filled$/;

describe('openings: a posting fills, closes its open bids once, and reopens', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;
  let first: Applicant;
  let second: Applicant;
  let waiting: Applicant;
  let countered: Applicant;
  const bids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId } = await facilityWithPosting(t, { openings: 2 }, { quick: true }));
    first = await quickApplicant(t, { first_name: 'Avery', last_name: 'First' });
    second = await quickApplicant(t, { first_name: 'Blake', last_name: 'Second' });
    waiting = await quickApplicant(t, { first_name: 'Casey', last_name: 'Waiting' });
    countered = await quickApplicant(t, { first_name: 'Drew', last_name: 'Countered' });
    for (const [name, applicant] of Object.entries({ first, second, waiting, countered })) {
      bids[name] = await placedBid(t, applicant.token, postingId, 200);
    }
  });
  afterAll(() => t.close());

  const posting = async (token = facility.token) => (await t.http().get(`/api/job-postings/${postingId}`).set(bearer(token))).body;
  const myBid = async (applicant: Applicant) => {
    const response = await t.http().get('/api/job-bids/my-bids?filter=all').set(bearer(applicant.token));
    return response.body.find((bid: { job_posting_id: string }) => bid.job_posting_id === postingId);
  };
  const inSearch = async () => {
    const response = await t.http().get('/api/job-postings?limit=100');
    return response.body.job_postings.some((row: { id: string }) => row.id === postingId);
  };
  const filledMail = (applicant: Applicant) => t.mail.to(applicant.email).filter((m) => FILLED_SUBJECT.test(m.subject));

  it('counts a connection toward the openings and stays open below them', async () => {
    expect(await posting()).toMatchObject({ openings: 2, connections: 0, status: 'active' });
    expect((await act(t, facility.token, bids.first, 'accept')).status).toBe(200);
    await waitUntil(async () => (await posting()).connections === 1, 10000, 'the first connection counted');
    expect((await posting()).status).toBe('active');
    expect(await inSearch()).toBe(true);
  });

  it('fills at the last opening: out of search, no new bids, every open bid closed as position filled with one email each', async () => {
    await act(t, facility.token, bids.countered, 'counter', 190);
    await act(t, facility.token, bids.second, 'counter', 195);
    expect((await act(t, second.token, bids.second, 'accept-counter')).status).toBe(200);

    await waitUntil(async () => (await posting()).status === 'filled', 10000, 'the posting filled');
    expect(await posting()).toMatchObject({ openings: 2, connections: 2, status: 'filled', actions: ['edit', 'reopen', 'withdraw'] });
    expect(await inSearch()).toBe(false);

    await waitUntil(async () => (await myBid(countered)).current_state === 'position_filled', 10000, 'the open bids closed');
    expect(await myBid(waiting)).toMatchObject({ current_state: 'position_filled' });
    expect(await myBid(first)).toMatchObject({ current_state: 'facility_accepted' });
    expect(await myBid(second)).toMatchObject({ current_state: 'applicant_counter_accepted' });

    const mail = await t.mail.waitFor((m) => m.to.toLowerCase() === waiting.email.toLowerCase() && FILLED_SUBJECT.test(m.subject));
    expect(mail.subject).toBe('CRNA for a busy ambulatory surgery center has been filled');
    expect(mail.text).toContain('Bayview Surgery Center has filled this position, so your bid is now closed.');
    await t.mail.waitFor((m) => m.to.toLowerCase() === countered.email.toLowerCase() && FILLED_SUBJECT.test(m.subject));

    const late = await quickApplicant(t, { first_name: 'Emery', last_name: 'Late' });
    const refused = await submitBid(t, late.token, postingId, 200);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'This position has been filled and is not taking bids.' });

    const closed = await act(t, facility.token, bids.waiting, 'accept');
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ detail: 'This bid closed because the position was filled.' });
    // Nor can the applicant whose counter offer was on the table accept it any more.
    expect((await act(t, countered.token, bids.countered, 'accept-counter')).status).toBe(409);
  });

  it('closes each bid once and mails nobody twice when the reactors replay and the read models are rebuilt', async () => {
    for (const name of [openingsReactor.name, bidsReactor(t.config).name]) {
      await t.db.query('DELETE FROM checkpoints WHERE name = $1', [`reactor:${name}`]);
    }
    await t.reactors.catchUp();
    await new ProjectionRunner(t.db, t.app.get<EventStore>(EVENT_STORE), allProjections, null).rebuild();
    // A later email goes through the same queue after any replayed job.
    const sentinel = await quickFacility(t, { credits: 1 });
    const sentinelApplicant = await quickApplicant(t, { first_name: 'Sentinel', last_name: 'Bidder' });
    const other = await publish(sentinel);
    await placedBid(t, sentinelApplicant.token, other, 200);
    await t.mail.waitFor((m) => m.to.toLowerCase() === sentinel.email.toLowerCase() && m.text.includes('Sentinel Bidder bid'));
    await sleep(500);

    expect(filledMail(waiting)).toHaveLength(1);
    expect(filledMail(countered)).toHaveLength(1);
    expect(filledMail(first)).toHaveLength(0);
    expect(filledMail(second)).toHaveLength(0);
    expect((await bidEvents(t, bids.waiting)).filter((type) => type === 'BidClosedPositionFilled')).toHaveLength(1);
    const postingEvents = await t.db.query('SELECT type FROM events WHERE stream_id = $1', [`posting-${postingId}`]);
    expect(postingEvents.filter((row: { type: string }) => row.type === 'PostingConnectionMade')).toHaveLength(2);
    expect(postingEvents.filter((row: { type: string }) => row.type === 'PostingFilled')).toHaveLength(1);
    expect(await posting()).toMatchObject({ status: 'filled', connections: 2 });
  });

  async function publish(owner: Facility): Promise<string> {
    const created = await t.http().post('/api/job-postings').set(bearer(owner.token)).send(jobForm());
    await t.http().post(`/api/job-postings/${created.body.id}/publish`).set(bearer(owner.token));
    return created.body.id;
  }

  it('only the facility reopens a filled posting', async () => {
    const stranger = await quickFacility(t);
    const reopen = (token: string) => t.http().post(`/api/job-postings/${postingId}/reopen`).set(bearer(token));
    expect((await reopen(first.token)).status).toBe(403);
    const other = await reopen(stranger.token);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ detail: 'This job posting belongs to another facility.' });
    expect((await t.http().post(`/api/job-postings/${postingId}/reopen`)).status).toBe(401);
  });

  it('reopened, it is back in search and takes bids until the next connection fills it again', async () => {
    const reopened = await t.http().post(`/api/job-postings/${postingId}/reopen`).set(bearer(facility.token));
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'active', connections: 2, openings: 2, actions: ['edit', 'withdraw'] });
    expect(await inSearch()).toBe(true);
    // The bids that closed stay closed: their applicants were told.
    expect(await myBid(waiting)).toMatchObject({ current_state: 'position_filled' });

    const again = await t.http().post(`/api/job-postings/${postingId}/reopen`).set(bearer(facility.token));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'This job posting is not filled; it is already taking bids.' });

    const replacement = await quickApplicant(t, { first_name: 'Finley', last_name: 'Replacement' });
    const bidId = await placedBid(t, replacement.token, postingId, 205);
    expect((await act(t, facility.token, bidId, 'accept')).status).toBe(200);
    await waitUntil(async () => (await posting()).status === 'filled', 10000, 'the posting filled again');
    expect(await posting()).toMatchObject({ connections: 3, status: 'filled' });
  });

  it('refuses openings outside 1-20 with 422 and the form message', async () => {
    for (const openings of [0, 21, 2.5, 'many']) {
      const response = await t.http().post('/api/job-postings').set(bearer(facility.token)).send(jobForm({ openings }));
      expect(response.status).toBe(422);
      expect(response.body).toEqual(validationErrors({ openings: 'Openings must be a whole number from 1 to 20' }));
    }
  });
});

describe('openings: accepts racing for the last opening', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A posting with `openings` and a bid from each of `count` applicants, the last one countered by the facility. */
  async function contested(openings: number, count: number) {
    const { facility, postingId } = await facilityWithPosting(t, { openings }, { quick: true });
    const applicants: Applicant[] = [];
    const bidIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const applicant = await quickApplicant(t, { first_name: `Racer${String.fromCharCode(97 + i)}`, last_name: 'Contested' });
      applicants.push(applicant);
      bidIds.push(await placedBid(t, applicant.token, postingId, 200 + i));
    }
    await act(t, facility.token, bidIds[count - 1], 'counter', 190);
    // Every accept at once: the facility's and, on the countered bid, the applicant's.
    const accepts = bidIds.map((bidId, i) =>
      i === count - 1 ? act(t, applicants[i].token, bidId, 'accept-counter') : act(t, facility.token, bidId, 'accept'),
    );
    const answers = await Promise.all(accepts);
    const postingEvents: { type: string }[] = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [
      `posting-${postingId}`,
    ]);
    const posting = (await t.http().get(`/api/job-postings/${postingId}`).set(bearer(facility.token))).body;
    return { answers, posting, types: postingEvents.map((event) => event.type) };
  }

  it('connects one bid to the last opening and refuses the others as filled, counting one connection', async () => {
    const { answers, posting, types } = await contested(1, 3);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      // Decided again on the filled posting (or, if its bids were closed first, on the closed bid).
      expect(['This position has been filled and is not taking bids.', 'This bid closed because the position was filled.']).toContain(
        refused.body.detail,
      );
    }
    // The winner's answer came once the posting read as filled.
    expect(posting).toMatchObject({ openings: 1, connections: 1, status: 'filled' });
    expect(types.filter((type) => type === 'PostingConnectionMade')).toHaveLength(1);
    expect(types.filter((type) => type === 'PostingFilled')).toHaveLength(1);
  });

  it('connects as many as there are openings when they accept at once', async () => {
    const { answers, posting, types } = await contested(2, 3);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
    expect(posting).toMatchObject({ openings: 2, connections: 2, status: 'filled' });
    expect(types.filter((type) => type === 'PostingConnectionMade')).toHaveLength(2);
    expect(types.filter((type) => type === 'PostingFilled')).toHaveLength(1);
  });
});
