import { io, Socket } from 'socket.io-client';
import { PROCEDURE_TYPES } from '../../../server/migrations/1763700000300-Postings';
import { EMPTY_SEARCH_FILTERS } from '../../../server/src/domain/postings';
import { startTestApp, TestApp } from '../../support/app';
import { verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting, draftPosting, jobForm } from '../../support/postings';
import { bearer, facilityUser } from './helpers';

jest.setTimeout(30000);

const PUSH_WITHIN_MS = 1000;

describe('facility dashboard, procedure types, saved filters and live updates', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  let otherFacility: Awaited<ReturnType<typeof verifiedFacility>>;
  let applicant: Awaited<ReturnType<typeof verifiedApplicant>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    [facility, otherFacility, applicant] = await Promise.all([
      verifiedFacility(t, { credits: 1 }),
      verifiedFacility(t, { profile: { name: 'Lakeside Hospital' } }),
      verifiedApplicant(t),
    ]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  describe('GET /api/job-postings/my-postings', () => {
    it("lists the caller's facility's postings, newest first, with creator details", async () => {
      const first = await draftPosting(t, facility.token, { title: 'First' });
      const second = await activePosting(t, facility.token, { title: 'Second' });
      await draftPosting(t, otherFacility.token, { title: 'Not ours' });
      const third = await draftPosting(t, facility.token, { title: 'Third' });

      const response = await t.http().get('/api/job-postings/my-postings').set(bearer(facility.token));
      expect(response.status).toBe(200);
      expect(response.body.map((posting: { id: string }) => posting.id)).toEqual([third, second, first]);
      expect(response.body.map((posting: { status: string }) => posting.status)).toEqual(['draft', 'active', 'draft']);
      expect(response.body[1]).toMatchObject({ title: 'Second', creator_email: facility.email, needs_response: false, bid_count: 0 });

      // Another member of the same facility sees the same list; the other facility only its own.
      const member = await facilityUser(t, facility.facilityId);
      const asMember = await t.http().get('/api/job-postings/my-postings').set(bearer(member.token));
      expect(asMember.body.map((posting: { id: string }) => posting.id)).toEqual([third, second, first]);
      const theirs = await t.http().get('/api/job-postings/my-postings').set(bearer(otherFacility.token));
      expect(theirs.body.map((posting: { title: string }) => posting.title)).toEqual(['Not ours']);
    });

    it('puts postings with bids awaiting the facility first, then pages newest first with the total', async () => {
      const busy = await verifiedFacility(t, { credits: 2 });
      const older = await activePosting(t, busy.token, { title: 'Older, with a bid' });
      const draft = await draftPosting(t, busy.token, { title: 'Draft' });
      const newest = await activePosting(t, busy.token, { title: 'Newest' });
      const bid = await t.http().post('/api/job-bids').set(bearer(applicant.token)).send({ job_posting_id: older, proposed_rate: 190 });
      expect(bid.status).toBe(201);

      const page = (query: string) => t.http().get(`/api/job-postings/my-postings${query}`).set(bearer(busy.token));
      const all = await page('');
      expect(all.body.map((posting: { id: string }) => posting.id)).toEqual([older, newest, draft]);
      expect(all.body[0]).toMatchObject({ needs_response: true, bid_count: 1 });
      expect(all.headers['x-total-count']).toBe('3');
      const [first, second, beyond] = [await page('?limit=2'), await page('?limit=2&offset=2'), await page('?offset=3')];
      expect(first.body.map((posting: { id: string }) => posting.id)).toEqual([older, newest]);
      expect(second.body.map((posting: { id: string }) => posting.id)).toEqual([draft]);
      expect(beyond.body).toEqual([]);
      expect([first, second, beyond].map((one) => one.headers['x-total-count'])).toEqual(['3', '3', '3']);
    });

    it('bounds the page: at most 500 postings, refused beyond with the validation shape', async () => {
      const page = (query: string) => t.http().get(`/api/job-postings/my-postings${query}`).set(bearer(facility.token));
      expect((await page('?limit=500')).status).toBe(200);
      const tooMany = await page('?limit=501');
      expect(tooMany.status).toBe(422);
      expect(tooMany.body).toEqual({ detail: [expect.objectContaining({ loc: ['query', 'limit'], msg: 'limit must be at most 500' })] });
      expect((await page('?limit=0')).status).toBe(422);
      expect((await page('?offset=-1')).status).toBe(422);
      expect((await page('?limit=ten')).status).toBe(422);
    });

    it('refuses applicants and visitors', async () => {
      const asApplicant = await t.http().get('/api/job-postings/my-postings').set(bearer(applicant.token));
      expect(asApplicant.status).toBe(403);
      expect(asApplicant.body).toEqual({ detail: 'This action is not available for your account type.' });
      expect((await t.http().get('/api/job-postings/my-postings')).status).toBe(401);
    });
  });

  it('GET /api/job-postings/procedure-types lists the seeded types by name, to anyone', async () => {
    const response = await t.http().get('/api/job-postings/procedure-types');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(PROCEDURE_TYPES.length);
    expect(response.body).toContainEqual({ id: 1, name: 'General Surgery' });
    expect(response.body).toContainEqual({ id: 25, name: 'Monitored Anesthesia Care (MAC)' });
    const names = response.body.map((type: { name: string }) => type.name);
    expect(names).toEqual([...PROCEDURE_TYPES].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  describe('GET/PUT /api/applicants/search-filters', () => {
    const path = '/api/applicants/search-filters';

    it('starts with the defaults and keeps what the applicant saves', async () => {
      const applicantB = await verifiedApplicant(t);
      const initial = await t.http().get(path).set(bearer(applicantB.token));
      expect(initial.status).toBe(200);
      expect(initial.body).toEqual({
        location: '',
        license: '',
        procedureTypes: [],
        onCall: 'any',
        supervision: 'any',
        malpracticeInsurance: 'any',
      });
      expect(initial.body).toEqual(EMPTY_SEARCH_FILTERS);

      const saved = await t
        .http()
        .put(path)
        .set(bearer(applicantB.token))
        .send({
          location: ' San Diego ',
          license: 'ca',
          procedureTypes: [3, 1],
          onCall: 'with_call',
          supervision: 'independent',
          malpracticeInsurance: 'provided',
        });
      expect(saved.status).toBe(200);
      const expected = {
        location: 'San Diego',
        license: 'CA',
        procedureTypes: [3, 1],
        onCall: 'with_call',
        supervision: 'independent',
        malpracticeInsurance: 'provided',
      };
      expect(saved.body).toEqual(expected);
      expect((await t.http().get(path).set(bearer(applicantB.token))).body).toEqual(expected);

      // Saving again replaces the filters; other applicants keep theirs.
      const cleared = await t.http().put(path).set(bearer(applicantB.token)).send({ onCall: 'no_call' });
      expect(cleared.body).toEqual({ ...EMPTY_SEARCH_FILTERS, onCall: 'no_call' });
      expect((await t.http().get(path).set(bearer(applicantB.token))).body).toEqual({ ...EMPTY_SEARCH_FILTERS, onCall: 'no_call' });
      expect((await t.http().get(path).set(bearer(applicant.token))).body).toEqual(EMPTY_SEARCH_FILTERS);
    });

    it('refuses a license that is not a US state with 422 and keeps the saved filters', async () => {
      await t.http().put(path).set(bearer(applicant.token)).send({ license: 'TX' });
      const response = await t.http().put(path).set(bearer(applicant.token)).send({ license: 'XX' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'license'], msg: 'Please choose a US state' })] });
      const bad = await t.http().put(path).set(bearer(applicant.token)).send({ onCall: 'sometimes' });
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'onCall'] })]);
      expect((await t.http().get(path).set(bearer(applicant.token))).body.license).toBe('TX');
    });

    it('refuses facility users and visitors', async () => {
      for (const call of [t.http().get(path), t.http().put(path).send({})]) {
        const response = await call.set(bearer(facility.token));
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: 'Access denied. This page is only available to applicants.' });
      }
      expect((await t.http().get(path)).status).toBe(401);
    });
  });

  describe('live updates', () => {
    function connect(token: string): Promise<Socket> {
      const socket = io(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    }

    /** Every 'posting.updated' payload the socket receives from now on. */
    function record(socket: Socket): { id: string }[] {
      const received: { id: string }[] = [];
      socket.on('posting.updated', (payload) => received.push(payload));
      return received;
    }

    it("pushes 'posting.updated' to another member of the facility within a second of an edit", async () => {
      const id = await draftPosting(t, facility.token);
      const member = await facilityUser(t, facility.facilityId, { can_edit_jobs: true });
      const [memberSocket, outsiderSocket] = await Promise.all([connect(member.token), connect(otherFacility.token)]);
      const outsider = record(outsiderSocket);
      const pushed = new Promise<{ id: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no posting.updated within ${PUSH_WITHIN_MS} ms`)), PUSH_WITHIN_MS);
        memberSocket.on('posting.updated', (payload: { id: string }) => {
          if (payload.id !== id) return;
          clearTimeout(timer);
          resolve(payload);
        });
      });
      const edited = await t
        .http()
        .put(`/api/job-postings/${id}`)
        .set(bearer(facility.token))
        .send(jobForm({ title: 'Edited live' }));
      expect(edited.status).toBe(200);
      await expect(pushed).resolves.toEqual({ id });
      // A draft is nobody else's business.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outsider.filter((payload) => payload.id === id)).toEqual([]);
    });
  });
});
