import { io, Socket } from 'socket.io-client';
import { adminToken } from '../../support/accounts';
import { startTestApp, TestApp } from '../../support/app';
import { act, Applicant, bearer, Facility, facilityWithPosting, placedBid, quickApplicant, sleep } from './helpers';

jest.setTimeout(60000);

const PUSH_WITHIN_MS = 1000;

interface Listener {
  socket: Socket;
  bids: Record<string, unknown>[];
  next(predicate: (bid: Record<string, unknown>) => boolean, ms: number): Promise<Record<string, unknown>>;
}

describe('bid.updated over Socket.IO', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;
  let applicant: Applicant;
  let bystander: Applicant;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId } = await facilityWithPosting(t));
    applicant = await quickApplicant(t);
    bystander = await quickApplicant(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  function open(auth: Record<string, unknown>): Socket {
    const socket = io(t.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth });
    sockets.push(socket);
    return socket;
  }

  async function listen(token: string): Promise<Listener> {
    const socket = open({ token });
    const bids: Record<string, unknown>[] = [];
    const waiters = new Set<() => void>();
    socket.on('bid.updated', (bid: Record<string, unknown>) => {
      bids.push(bid);
      for (const wake of [...waiters]) wake();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return {
      socket,
      bids,
      next: (predicate, ms) =>
        new Promise((resolve, reject) => {
          const check = () => {
            const found = bids.find(predicate);
            if (!found) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`no matching bid.updated within ${ms} ms (got ${JSON.stringify(bids)})`));
          }, ms);
          waiters.add(check);
          check();
        }),
    };
  }

  it('pushes a facility counter to the applicant (applicant view) and the facility (facility view), and to nobody else', async () => {
    const bidId = await placedBid(t, applicant.token, postingId, 230);
    const mine = await listen(applicant.token);
    const theirs = await listen(facility.token);
    const stranger = await listen(bystander.token);

    const started = Date.now();
    const countered = await act(t, facility.token, bidId, 'counter', 205);
    expect(countered.status).toBe(200);
    const pushed = await mine.next((bid) => bid.id === bidId && bid.current_state === 'facility_countered', PUSH_WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(PUSH_WITHIN_MS + 500);

    // The payload is the bid exactly as the applicant's own API returns it.
    const listed = await t.http().get('/api/job-bids/my-bids').set(bearer(applicant.token));
    const own = listed.body.find((bid: { id: string }) => bid.id === bidId);
    expect(pushed).toEqual(own);
    expect(pushed).toMatchObject({ counter_rate: 205, needs_attention: true });
    expect(pushed).not.toHaveProperty('applicant_name');

    const forFacility = await theirs.next((bid) => bid.id === bidId && bid.current_state === 'facility_countered', PUSH_WITHIN_MS);
    const rows = await t.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(facility.token));
    expect(forFacility).toEqual(rows.body.find((bid: { id: string }) => bid.id === bidId));
    expect(forFacility).toMatchObject({ applicant_name: 'Sam Rivera' });

    await sleep(300);
    expect(stranger.bids).toEqual([]);
  });

  /** A socket watching the posting's room, with every 'posting.updated' id it receives. */
  async function watching(token: string): Promise<{ postings: string[]; next: (ms: number) => Promise<void> }> {
    const socket = open({ token });
    const postings: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('posting.watch', postingId)).toEqual({ ok: true });
    const arrived = new Set<() => void>();
    socket.on('posting.updated', ({ id }: { id: string }) => {
      postings.push(id);
      for (const wake of [...arrived]) wake();
    });
    const next = (ms: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no posting.updated for ${postingId} within ${ms} ms`)), ms);
        const check = () => {
          if (!postings.includes(postingId)) return;
          clearTimeout(timer);
          arrived.delete(check);
          resolve();
        };
        arrived.add(check);
        check();
      });
    return { postings, next };
  }

  it("tells the facility and an admin watching the posting that its counts changed, not the posting's public room", async () => {
    const bidder = await quickApplicant(t);
    const bidId = await placedBid(t, bidder.token, postingId, 240);
    const [theFacility, anAdmin, theApplicant] = await Promise.all([
      watching(facility.token),
      watching(await adminToken(t)),
      watching(bidder.token),
    ]);

    expect((await act(t, facility.token, bidId, 'counter', 215)).status).toBe(200);
    await Promise.all([theFacility.next(PUSH_WITHIN_MS), anAdmin.next(PUSH_WITHIN_MS)]);
    await sleep(300);
    // The public view of a posting has no counts: nothing changed for the applicant's posting page.
    expect(theApplicant.postings).toEqual([]);
  });

  it("pushes a bid's moves, as the facility sees them, to an admin watching its posting and to no other admin", async () => {
    const token = await adminToken(t);
    const watcher = await listen(token);
    expect(await watcher.socket.timeout(5000).emitWithAck('posting.watch', postingId)).toEqual({ ok: true });
    const elsewhere = await listen(token);
    const bidder = await quickApplicant(t);

    const bidId = await placedBid(t, bidder.token, postingId, 225);
    await watcher.next((bid) => bid.id === bidId && bid.current_state === 'applicant_submitted', PUSH_WITHIN_MS);
    expect((await act(t, facility.token, bidId, 'counter', 210)).status).toBe(200);
    const countered = await watcher.next((bid) => bid.id === bidId && bid.current_state === 'facility_countered', PUSH_WITHIN_MS);

    // The row exactly as the admin's own read of the applicants returns it.
    const rows = await t.http().get(`/api/job-bids/job/${postingId}/bids`).set(bearer(token));
    expect(rows.status).toBe(200);
    expect(countered).toEqual(rows.body.find((bid: { id: string }) => bid.id === bidId));
    expect(countered).toMatchObject({ applicant_name: 'Sam Rivera', counter_rate: 210 });

    await sleep(300);
    expect(elsewhere.bids).toEqual([]);
  });

  it('pushes a new bid to the facility room', async () => {
    const theirs = await listen(facility.token);
    const bidId = await placedBid(t, bystander.token, postingId, 199);
    const pushed = await theirs.next((bid) => bid.id === bidId, PUSH_WITHIN_MS);
    expect(pushed).toMatchObject({ current_state: 'applicant_submitted', proposed_rate: 199 });
    expect(typeof pushed.applicant_experience_years).toBe('number');
  });

  it('refuses a socket without a token', async () => {
    const socket = open({});
    const error = await new Promise<Error>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected without a token')));
      socket.once('connect_error', resolve);
    });
    expect(error.message).toBe('unauthorized');
    expect(socket.connected).toBe(false);
  });
});
