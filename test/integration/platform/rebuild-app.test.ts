import { randomUUID } from 'node:crypto';
import { allProjections } from '../../../projections';
import { EVENT_STORE, type EventStore } from '../../../server/src/eventstore';
import { ProjectionRunner } from '../../../server/src/platform/read-models/projection-runner';
import { listStalls } from '../../../server/src/platform/read-models/stalls';
import { adminToken, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app';
import { activePosting, draftPosting, jobForm } from '../../support/postings';
import { act, placedBid } from '../bids/helpers';
import { joinedMember, setPermissions } from '../facility-members/helpers';
import { setFacilityActive } from '../postings/helpers';
import { checkpoints, readModelRows, readModelsAtHead } from './rebuild-support';

jest.setTimeout(180_000);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The product through its API: what an applicant, a facility and an admin see. */
async function answers(t: TestApp, tokens: { facility: string; applicant: string; admin: string }, postingId: string) {
  const get = async (path: string, token: string) => {
    const response = await t.http().get(path).set(bearer(token));
    return { path, status: response.status, body: response.body };
  };
  return Promise.all([
    get('/api/job-postings?limit=50', tokens.applicant),
    get(`/api/job-postings/${postingId}`, tokens.facility),
    get('/api/job-postings/my-postings', tokens.facility),
    get(`/api/job-bids/job/${postingId}/bids`, tokens.facility),
    get('/api/job-bids/my-bids', tokens.applicant),
    get('/api/admin/facilities', tokens.admin),
    get('/api/admin/applicants', tokens.admin),
    get('/api/facility-users', tokens.facility),
  ]);
}

/**
 * `npm run projections:rebuild` against a running product: the read models the app built
 * through its commands come back row for row, and a rebuild that cannot apply an event leaves
 * the live read models serving as before.
 */
describe('rebuilding the read models of a running app', () => {
  let t: TestApp;
  let tokens: { facility: string; applicant: string; admin: string };
  let postingId: string;

  beforeAll(async () => {
    t = await startTestApp();
    tokens = await usedProduct();
  });
  afterAll(() => t?.close());

  /** A facility with a team, postings in every state and bids through every move; another facility suspended. */
  async function usedProduct() {
    const facility = await verifiedFacility(t, { credits: 4 });
    const other = await verifiedFacility(t, { credits: 1 });
    const applicant = await verifiedApplicant(t);
    const second = await verifiedApplicant(t);
    const admin = await adminToken(t);
    const posting = await activePosting(t, facility.token);
    const edited = await activePosting(t, facility.token);
    const withdrawn = await activePosting(t, facility.token);
    await draftPosting(t, facility.token);
    await activePosting(t, other.token);
    const edit = await t
      .http()
      .put(`/api/job-postings/${edited}`)
      .set(bearer(facility.token))
      .send(jobForm({ hourly_rate: 210 }));
    expect(edit.status).toBe(200);
    expect((await t.http().delete(`/api/job-postings/${withdrawn}`).set(bearer(facility.token))).status).toBe(200);

    const countered = await placedBid(t, applicant.token, posting, 180);
    expect((await act(t, facility.token, countered, 'counter', 195)).status).toBe(200);
    expect((await act(t, applicant.token, countered, 'counter-by-applicant', 190)).status).toBe(200);
    const accepted = await placedBid(t, second.token, posting, 200);
    expect((await act(t, facility.token, accepted, 'reject')).status).toBe(200);
    expect((await act(t, facility.token, accepted, 'undo')).status).toBe(200);
    expect((await act(t, facility.token, accepted, 'accept')).status).toBe(200);
    const withdrawnBid = await placedBid(t, applicant.token, edited, 230);
    expect((await act(t, applicant.token, withdrawnBid, 'withdraw')).status).toBe(200);

    const member = await joinedMember(t, facility, { can_create_jobs: true });
    expect((await setPermissions(t, facility.token, member.userId, { can_manage_bids: true })).status).toBe(200);
    const profile = (await t.http().get('/api/facilities/profile').set(bearer(facility.token))).body;
    const renamed = await t
      .http()
      .put('/api/facilities/profile')
      .set(bearer(facility.token))
      .send({ ...profile, city: 'Chula Vista' });
    expect(renamed.status).toBe(200);
    await setFacilityActive(t, other.me.facility.id, false);
    postingId = posting;
    return { facility: facility.token, applicant: applicant.token, admin };
  }

  it('gives back row for row the read models the app built through its commands, and the same answers', async () => {
    await readModelsAtHead(t.db);
    const before = await readModelRows(t.db);
    const seen = await answers(t, tokens, postingId);
    expect(seen.map((answer) => answer.status)).toEqual(seen.map(() => 200));

    await new ProjectionRunner(t.db, t.app.get<EventStore>(EVENT_STORE), allProjections, null).rebuild();

    expect(await readModelRows(t.db)).toEqual(before);
    expect(await answers(t, tokens, postingId)).toEqual(seen);
  });

  it('keeps what bid commands write inline while rebuilds run and swap', async () => {
    const posting = await activePosting(t, tokens.facility);
    const bidId = await placedBid(t, tokens.applicant, posting, 180);
    let rate = 150;
    let countering = true;
    // Counters back and forth, each writing the bid's rows in its append's transaction, across two rebuilds.
    const counters = (async () => {
      for (let facilityTurn = true; countering; facilityTurn = !facilityTurn) {
        rate = rate === 250 ? 150 : rate + 1;
        const response = facilityTurn
          ? await act(t, tokens.facility, bidId, 'counter', rate)
          : await act(t, tokens.applicant, bidId, 'counter-by-applicant', rate);
        expect(response.status).toBe(200);
      }
    })();
    const runner = new ProjectionRunner(t.db, t.app.get<EventStore>(EVENT_STORE), allProjections, null);
    try {
      for (let rebuilds = 0; rebuilds < 2; rebuilds++) await runner.rebuild();
    } finally {
      countering = false;
      await counters;
    }

    await readModelsAtHead(t.db);
    const [{ version }] = await t.db.query('SELECT max(stream_version)::int AS version FROM events WHERE stream_id = $1', [`bid-${bidId}`]);
    const [row] = await t.db.query('SELECT counter_rate, version FROM bids WHERE id = $1', [bidId]);
    expect(row).toEqual({ counter_rate: rate, version });
    const mine = await t.http().get('/api/job-bids/my-bids').set(bearer(tokens.applicant));
    expect(mine.body.find((bid: { id: string }) => bid.id === bidId)).toMatchObject({ counter_rate: rate });
    // Row for row what a rebuild with nobody writing makes.
    const applied = await readModelRows(t.db);
    await runner.rebuild();
    expect(await readModelRows(t.db)).toEqual(applied);
  });

  it('a rebuild that meets an event it cannot apply keeps the live read models, their checkpoints and the answers', async () => {
    // An event written by an older build that validated less: a rate no integer column holds.
    const bidId = randomUUID();
    const at = new Date().toISOString();
    const poison = randomUUID();
    const data = {
      bid_id: bidId,
      job_posting_id: postingId,
      applicant_id: randomUUID(),
      applicant_user_id: randomUUID(),
      facility_id: randomUUID(),
      proposed_rate: 3_000_000_000,
      submitted_at: at,
      user_id: randomUUID(),
      at,
    };
    await t.app.get<EventStore>(EVENT_STORE).append(`bid-${bidId}`, [{ id: poison, type: 'BidSubmitted', data }], 'no_stream');
    // The live bids read model stops at it; the others pass it.
    const deadline = Date.now() + 60_000;
    while (!(await listStalls(t.db)).some((stall) => stall.name === 'bids') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await listStalls(t.db)).map((stall) => stall.event_id)).toEqual([poison]);
    const others = allProjections.filter((projection) => projection.name !== 'bids');
    await new ProjectionRunner(t.db, t.app.get<EventStore>(EVENT_STORE), others, null).catchUp();
    const rows = await readModelRows(t.db);
    const positions = await checkpoints(t.db);
    const seen = await answers(t, tokens, postingId);

    const rebuild = new ProjectionRunner(t.db, t.app.get<EventStore>(EVENT_STORE), allProjections, null).rebuild();

    await expect(rebuild).rejects.toThrow(`bids failed on BidSubmitted #`);
    await expect(rebuild).rejects.toThrow(/out of range/);
    expect(await readModelRows(t.db)).toEqual(rows);
    expect(await checkpoints(t.db)).toEqual(positions);
    expect(await answers(t, tokens, postingId)).toEqual(seen);
    expect((await listStalls(t.db)).map((stall) => stall.event_id)).toEqual([poison]);
    expect(await t.db.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'read_model_rebuild'`)).toEqual([]);
  });
});
