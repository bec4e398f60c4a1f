import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { io, Socket } from 'socket.io-client';
import { hashPassword } from '../../../server/src/auth/passwords';
import { AccessTokens } from '../../../server/src/auth/tokens';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { RealtimePublisher } from '../../../server/src/realtime/realtime-publisher';
import { Push, rooms } from '../../../server/src/realtime/realtime.events';
import { startTestApp, TestApp } from '../../support/app';

const PUSH_WITHIN_MS = 1000;

interface TestUser {
  id: string;
  token: string;
}

interface Received {
  event: string;
  payload: unknown;
}

/** A connected client that records everything pushed to it. */
interface Client {
  socket: Socket;
  received: Received[];
  /** Resolves with the first push matching `predicate`, or rejects after `ms`. */
  next(predicate: (push: Received) => boolean, ms?: number): Promise<Received>;
}

describe('realtime over Socket.IO with two server instances', () => {
  let a: TestApp;
  let b: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ shareWith: a });
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function createUser(options: { role?: string; isAdmin?: boolean; facilityId?: string } = {}): Promise<TestUser> {
    const [user] = await a.db.query(
      `INSERT INTO users (email, password_hash, role, is_admin, email_verified)
       VALUES ($1, 'not-a-real-hash', $2, $3, true) RETURNING id, token_version`,
      [`rt-${randomUUID().slice(0, 8)}@example.com`, options.role ?? 'applicant', options.isAdmin ?? false],
    );
    if (options.facilityId) {
      await a.db.query(`INSERT INTO facility_members (user_id, facility_id, role) VALUES ($1, $2, 'admin')`, [user.id, options.facilityId]);
    }
    return { id: user.id, token: a.app.get(AccessTokens).sign(user) };
  }

  function open(app: TestApp, options: { auth?: Record<string, unknown>; headers?: Record<string, string> } = {}): Socket {
    const socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: options.auth ?? {},
      extraHeaders: options.headers,
    });
    sockets.push(socket);
    return socket;
  }

  async function connect(app: TestApp, token: string): Promise<Client> {
    const socket = open(app, { auth: { token } });
    const received: Received[] = [];
    const waiters = new Set<() => void>();
    socket.onAny((event: string, payload: unknown) => {
      received.push({ event, payload });
      for (const wake of [...waiters]) wake();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    // The server joins the socket's rooms as it connects; one acknowledged round trip makes sure
    // that happened before the test publishes anything.
    await socket.timeout(5000).emitWithAck('posting.unwatch', randomUUID());
    const next = (predicate: (push: Received) => boolean, ms = PUSH_WITHIN_MS) =>
      new Promise<Received>((resolve, reject) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching push within ${ms} ms (received: ${JSON.stringify(received)})`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    return { socket, received, next };
  }

  function refusal(socket: Socket): Promise<string> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the socket was let in')));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  }

  const marker = () => randomUUID();
  const pushTo = (app: TestApp, room: string, id: string): void => {
    const push: Push<'record.updated'> = { room, event: 'record.updated', payload: { kind: 'facility', id } };
    app.app.get(RealtimePublisher).publish(push);
  };
  const carries = (id: string) => (push: Received) => (push.payload as { id?: string })?.id === id;

  it("a push published on instance A reaches the user's socket on instance B within a second", async () => {
    const user = await createUser();
    const client = await connect(b, user.token);
    const id = marker();
    const started = Date.now();
    pushTo(a, rooms.user(user.id), id);
    const push = await client.next(carries(id));
    expect(push).toEqual({ event: 'record.updated', payload: { kind: 'facility', id } });
    expect(Date.now() - started).toBeLessThan(PUSH_WITHIN_MS);
  });

  it("one push reaches the same user's sockets on both instances, once each", async () => {
    const user = await createUser();
    const onA = await connect(a, user.token);
    const onB = await connect(b, user.token);
    const id = marker();
    pushTo(b, rooms.user(user.id), id);
    await Promise.all([onA.next(carries(id)), onB.next(carries(id))]);
    // A later push on the same channel arriving proves nothing else was still on its way.
    const after = marker();
    pushTo(b, rooms.user(user.id), after);
    await Promise.all([onA.next(carries(after)), onB.next(carries(after))]);
    expect(onA.received.filter(carries(id))).toHaveLength(1);
    expect(onB.received.filter(carries(id))).toHaveLength(1);
  });

  it("another user's socket does not receive it", async () => {
    const [alice, bob] = [await createUser(), await createUser()];
    const aliceClient = await connect(b, alice.token);
    const bobClient = await connect(b, bob.token);
    const forAlice = marker();
    pushTo(a, rooms.user(alice.id), forAlice);
    await aliceClient.next(carries(forAlice));
    // Pushes travel in order over one Redis channel: once Bob has his own, Alice's is not coming.
    const forBob = marker();
    pushTo(a, rooms.user(bob.id), forBob);
    await bobClient.next(carries(forBob));
    expect(bobClient.received.filter(carries(forAlice))).toEqual([]);
    expect(aliceClient.received.filter(carries(forBob))).toEqual([]);
  });

  it("facility members join their facility's room, admins the admins' room", async () => {
    const facilityId = randomUUID();
    const member = await createUser({ role: 'facility_admin', facilityId });
    const admin = await createUser({ role: 'system_admin', isAdmin: true });
    const applicant = await createUser();
    const memberClient = await connect(a, member.token);
    const adminClient = await connect(b, admin.token);
    const applicantClient = await connect(b, applicant.token);

    const forFacility = marker();
    const forAdmins = marker();
    pushTo(a, rooms.facility(facilityId), forFacility);
    pushTo(a, rooms.admins, forAdmins);
    await memberClient.next(carries(forFacility));
    await adminClient.next(carries(forAdmins));
    const last = marker();
    pushTo(a, rooms.user(applicant.id), last);
    await applicantClient.next(carries(last));
    expect(memberClient.received.filter(carries(forAdmins))).toEqual([]);
    expect(adminClient.received.filter(carries(forFacility))).toEqual([]);
    expect(applicantClient.received.filter((push) => carries(forFacility)(push) || carries(forAdmins)(push))).toEqual([]);
  });

  it("'posting.watch' joins a posting room and 'posting.unwatch' leaves it", async () => {
    const user = await createUser();
    const client = await connect(b, user.token);
    const postingId = randomUUID();

    await expect(client.socket.timeout(5000).emitWithAck('posting.watch', postingId)).resolves.toEqual({ ok: true });
    const watched = marker();
    pushTo(a, rooms.posting(postingId), watched);
    await client.next(carries(watched));

    await expect(client.socket.timeout(5000).emitWithAck('posting.unwatch', postingId)).resolves.toEqual({ ok: true });
    const unwatched = marker();
    pushTo(a, rooms.posting(postingId), unwatched);
    const barrier = marker();
    pushTo(a, rooms.user(user.id), barrier);
    await client.next(carries(barrier));
    expect(client.received.filter(carries(unwatched))).toEqual([]);

    // Only posting ids are rooms one may join.
    await expect(client.socket.timeout(5000).emitWithAck('posting.watch', 'admins')).resolves.toEqual({ ok: false });
    await expect(client.socket.timeout(5000).emitWithAck('posting.watch', `${randomUUID()}x`)).resolves.toEqual({ ok: false });
  });

  it('an admin watching a posting also hears what its facility hears of it; other watchers do not, and leaving ends both', async () => {
    const admin = await createUser({ role: 'system_admin', isAdmin: true });
    const user = await createUser();
    const adminClient = await connect(a, admin.token);
    const userClient = await connect(b, user.token);
    const postingId = randomUUID();
    const watch = (client: Client, event: 'posting.watch' | 'posting.unwatch') => client.socket.timeout(5000).emitWithAck(event, postingId);
    await expect(watch(adminClient, 'posting.watch')).resolves.toEqual({ ok: true });
    await expect(watch(userClient, 'posting.watch')).resolves.toEqual({ ok: true });

    const counts = marker();
    pushTo(a, rooms.postingAdmins(postingId), counts);
    await adminClient.next(carries(counts));
    // Pushes travel in order over one Redis channel: once the user has this, the counts are not coming.
    const barrier = marker();
    pushTo(a, rooms.user(user.id), barrier);
    await userClient.next(carries(barrier));
    expect(userClient.received.filter(carries(counts))).toEqual([]);

    await expect(watch(adminClient, 'posting.unwatch')).resolves.toEqual({ ok: true });
    const after = marker();
    pushTo(a, rooms.postingAdmins(postingId), after);
    const adminBarrier = marker();
    pushTo(a, rooms.user(admin.id), adminBarrier);
    await adminClient.next(carries(adminBarrier));
    expect(adminClient.received.filter(carries(after))).toEqual([]);
  });

  it('one socket watches at most 20 postings at a time', async () => {
    const user = await createUser();
    const client = await connect(a, user.token);
    const watch = (id: string) => client.socket.timeout(5000).emitWithAck('posting.watch', id);
    const postings = Array.from({ length: 21 }, () => randomUUID());
    for (const id of postings.slice(0, 20)) await expect(watch(id)).resolves.toEqual({ ok: true });
    await expect(watch(postings[20])).resolves.toEqual({ ok: false });
    // Watching one already watched is no new room; leaving one makes space for another.
    await expect(watch(postings[0])).resolves.toEqual({ ok: true });
    await client.socket.timeout(5000).emitWithAck('posting.unwatch', postings[0]);
    await expect(watch(postings[20])).resolves.toEqual({ ok: true });
  });

  it('a password change closes the sockets opened before it, on every instance', async () => {
    const user = await createUser();
    await a.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, await hashPassword('Before123')]);
    const onA = await connect(a, user.token);
    const onB = await connect(b, user.token);
    const closed = (client: Client) => new Promise<string>((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));
    const closings = [closed(onA), closed(onB)];

    const change = await a
      .http()
      .put('/api/users/me/password')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ current_password: 'Before123', new_password: 'After1234' });
    expect(change.status).toBe(200);
    await expect(Promise.all(closings)).resolves.toEqual(['io server disconnect', 'io server disconnect']);

    // The old token cannot get back in; the new one can.
    expect(await refusal(open(b, { auth: { token: user.token } }))).toBe('unauthorized');
    const again = await connect(b, change.body.access_token);
    const id = marker();
    pushTo(a, rooms.user(user.id), id);
    await again.next(carries(id));
  });

  it('a deployment with another QUEUE_PREFIX on the same Redis does not get these pushes', async () => {
    const other = await startTestApp();
    try {
      expect(other.config.QUEUE_PREFIX).not.toBe(a.config.QUEUE_PREFIX);
      // The same user id in both deployments, so both sockets sit in a room of the same name.
      const user = await createUser();
      const [row] = await other.db.query(
        `INSERT INTO users (id, email, password_hash, role, email_verified) VALUES ($1, $2, 'x', 'applicant', true) RETURNING id, token_version`,
        [user.id, `rt-${randomUUID().slice(0, 8)}@example.com`],
      );
      const mine = await connect(b, user.token);
      const theirs = await connect(other, other.app.get(AccessTokens).sign(row));
      const ours = marker();
      pushTo(a, rooms.user(user.id), ours);
      await mine.next(carries(ours));
      const barrier = marker();
      pushTo(other, rooms.user(user.id), barrier);
      await theirs.next(carries(barrier));
      expect(theirs.received.filter(carries(ours))).toEqual([]);
      expect(mine.received.filter(carries(barrier))).toEqual([]);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await other.close();
    }
  });

  it('accepts the token as an Authorization: Bearer header too', async () => {
    const user = await createUser();
    const socket = open(b, { headers: { Authorization: `Bearer ${user.token}` } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(socket.connected).toBe(true);
  });

  describe('refuses sockets without a valid token', () => {
    it('no token at all', async () => {
      await expect(refusal(open(b))).resolves.toBe('unauthorized');
    });

    it('a token that is not a JWT', async () => {
      await expect(refusal(open(b, { auth: { token: 'not-a-token' } }))).resolves.toBe('unauthorized');
    });

    it('a token signed with another secret', async () => {
      const user = await createUser();
      const forged = jwt.sign({ ver: 0 }, 'some-other-secret-0123456789', { subject: user.id, expiresIn: '1h' });
      await expect(refusal(open(b, { auth: { token: forged } }))).resolves.toBe('unauthorized');
    });

    it('an expired token', async () => {
      const user = await createUser();
      const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 60 }, a.config.JWT_SECRET, { subject: user.id });
      await expect(refusal(open(b, { auth: { token: expired } }))).resolves.toBe('unauthorized');
    });

    it('a token from before a password change (token_version bumped)', async () => {
      const user = await createUser();
      await a.db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [user.id]);
      await expect(refusal(open(b, { auth: { token: user.token } }))).resolves.toBe('unauthorized');
    });

    it('a token of a deactivated account', async () => {
      const user = await createUser();
      await a.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
      await expect(refusal(open(b, { auth: { token: user.token } }))).resolves.toBe('unauthorized');
    });
  });

  it('a projection pushes after its read model commits: admins see a facility registration live', async () => {
    const admin = await createUser({ role: 'system_admin', isAdmin: true });
    const adminClient = await connect(b, admin.token);
    const facilityId = randomUUID();
    await a.app.get(CommandBus).append(
      `facility-${facilityId}`,
      [
        {
          type: 'FacilityRegistered',
          data: {
            facility_id: facilityId,
            admin_user_id: randomUUID(),
            name: 'Realtime Clinic',
            facility_type: 'Clinic',
            npi: null,
            description: null,
            phone: null,
            website: null,
            address_line1: null,
            address_line2: null,
            city: null,
            state: null,
            zip_code: null,
            at: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
      { actor: { user_id: null, side: 'system', name: 'realtime test' } },
    );
    // Either instance's runner may apply it; the push goes through Redis to B's socket either way.
    const push = await adminClient.next(carries(facilityId), 5000);
    expect(push).toEqual({ event: 'record.updated', payload: { kind: 'facility', id: facilityId } });
    expect(await a.db.query('SELECT name FROM facilities WHERE id = $1', [facilityId])).toEqual([{ name: 'Realtime Clinic' }]);
  });
});
