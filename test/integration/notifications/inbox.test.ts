import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { facilityStream } from '../../../server/src/domain/facilities/facility';
import type { FacilityInvitationAccepted } from '../../../server/src/domain/facility-members';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { notificationsProjection } from '../../../projections/notifications.projection';
import { postingStream, type PostingEdited } from '../../../server/src/domain/postings';
import type { Projection } from '../../../server/src/platform/read-models/projection';
import type { NotificationCreatedPush, NotificationView } from '../../../server/src/domain/notifications';
import { EVENT_STORE, START, type EventStore } from '../../../server/src/eventstore';
import { setCheckpoint } from '../../../server/src/platform/read-models/checkpoints';
import { ProjectionRunner } from '../../../server/src/platform/read-models/projection-runner';
import { rebuildReadModels } from '../../../server/src/platform/read-models/rebuild';
import type { Push } from '../../../server/src/realtime/realtime.events';
import { startTestApp, type TestApp } from '../../support/app';
import { activePosting } from '../../support/postings';
import { act, type Applicant, bearer, type Facility, facilityMember, placedBid, quickApplicant, quickFacility } from '../bids/helpers';
import { NO_FLAGS } from '../facility-members/helpers';
import { readModelsAtHead } from '../platform/rebuild-support';

jest.setTimeout(90_000);

interface Member {
  userId: string;
  email: string;
  token: string;
}

/**
 * The inbox through its API: who is told of what, each person reading only their own, paging
 * and the unread filter, marking read, the live push, and replays and rebuilds that make the
 * same rows.
 */
describe('notifications', () => {
  let t: TestApp;
  let facility: Facility;
  let bidManager: Member;
  let bystander: Member;
  let applicant: Applicant;
  let other: Applicant;
  let postingId: string;
  let bidId: string;
  const sockets: Socket[] = [];

  // The inbox is told of others' moves after their commands answer (eventual): a reader's look
  // comes after every read model reached the head of the log (one catch-up pass is not enough:
  // an event behind a transaction still open elsewhere is read at the next pass).
  const caughtUp = () => readModelsAtHead(t.db);
  const inbox = async (token: string, query = '') => {
    await caughtUp();
    const response = await t.http().get(`/api/notifications${query}`).set(bearer(token));
    expect(response.status).toBe(200);
    return response.body as { notifications: NotificationView[]; total: number; unread_count: number; page: number; page_size: number };
  };
  const unread = async (token: string) => {
    await caughtUp();
    return (await t.http().get('/api/notifications/unread-count').set(bearer(token))).body.unread_count;
  };

  beforeAll(async () => {
    t = await startTestApp();
    facility = await quickFacility(t, { credits: 2 });
    bidManager = await member({ can_manage_bids: true });
    bystander = await member({ can_manage_bids: false });
    applicant = await quickApplicant(t, { first_name: 'Avery', last_name: 'Stone' });
    other = await quickApplicant(t);
    postingId = await activePosting(t, facility.token, { title: 'CRNA for day surgery' });
    bidId = await placedBid(t, applicant.token, postingId, 190);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it("tells the facility's admins and bid managers of a new bid, and nobody else", async () => {
    for (const token of [facility.token, bidManager.token]) {
      const { notifications } = await inbox(token);
      expect(notifications).toContainEqual(
        expect.objectContaining({
          kind: 'bid_submitted',
          title: 'New bid on CRNA for day surgery',
          body: 'Avery Stone bid $190/hr.',
          link: `/jobs/${postingId}`,
          read_at: null,
        }),
      );
    }
    expect((await inbox(bystander.token)).notifications.map((n) => n.kind)).not.toContain('bid_submitted');
    // The applicants heard only of their own verification.
    for (const token of [applicant.token, other.token]) {
      expect((await inbox(token)).notifications).toEqual([
        expect.objectContaining({ kind: 'verification', title: 'Your profile is verified', link: '/applicant-profile' }),
      ]);
    }
  });

  it('tells the admins who joined the team, but not the new member', async () => {
    const { notifications } = await inbox(facility.token);
    expect(notifications.filter((n) => n.kind === 'member_joined').map((n) => n.title)).toEqual([
      `${bystander.email} joined your team`,
      `${bidManager.email} joined your team`,
    ]);
    expect((await inbox(bidManager.token)).notifications.map((n) => n.kind)).toEqual(['bid_submitted']);
  });

  it("pushes a facility counter to the applicant's user room with the unread count, and tells the applicant only", async () => {
    const socket = io(t.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: applicant.token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const pushed = new Promise<NotificationCreatedPush>((resolve) => socket.once('notification.created', resolve));
    const facilityBefore = await unread(facility.token);

    expect((await act(t, facility.token, bidId, 'counter', 180)).status).toBe(200);

    const push = await pushed;
    expect(push).toEqual({
      unread_count: 2,
      notification: expect.objectContaining({
        kind: 'facility_countered',
        title: 'Counter offer on CRNA for day surgery',
        link: `/jobs/${postingId}`,
      }),
    });
    expect(push.notification.body).toBe('The facility countered at $180/hr. Accept, decline or counter on the job page.');
    expect((await inbox(applicant.token)).notifications[0]).toEqual(push.notification);
    // The facility made the move: it is not told of its own counter.
    expect(await unread(facility.token)).toBe(facilityBefore);
  });

  it('pages newest first, filters the unread, and answers 422 for a query it cannot read', async () => {
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 185)).status).toBe(200);
    expect((await act(t, facility.token, bidId, 'counter', 182)).status).toBe(200);
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 184)).status).toBe(200);
    expect((await act(t, facility.token, bidId, 'counter', 183)).status).toBe(200);

    const all = await inbox(applicant.token);
    expect(all).toMatchObject({ total: 4, unread_count: 4, page: 1, page_size: 20 });
    expect(all.notifications.map((n) => n.body)).toEqual([
      expect.stringContaining('$183/hr'),
      expect.stringContaining('$182/hr'),
      expect.stringContaining('$180/hr'),
      expect.stringContaining('You can now bid on jobs.'),
    ]);
    const first = await inbox(applicant.token, '?page=1&page_size=2');
    const second = await inbox(applicant.token, '?page=2&page_size=2');
    expect(first).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect([...first.notifications, ...second.notifications]).toEqual(all.notifications);
    expect(await inbox(applicant.token, '?page=5&page_size=2')).toMatchObject({ notifications: [], total: 4 });

    for (const query of ['?page=0', '?page_size=101', '?unread=maybe', '?page=two']) {
      const response = await t.http().get(`/api/notifications${query}`).set(bearer(applicant.token));
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc[0]).toBe('query');
    }
  });

  it('marks one read for its owner only: 404 for anyone else and for an unknown id, 401 without a session', async () => {
    const [newest, middle] = (await inbox(applicant.token)).notifications;

    for (const token of [other.token, facility.token]) {
      const refused = await t.http().post(`/api/notifications/${newest.id}/read`).set(bearer(token));
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ detail: 'Notification not found' });
    }
    expect((await t.http().post('/api/notifications/not-a-uuid/read').set(bearer(applicant.token))).status).toBe(404);
    expect((await t.http().post(`/api/notifications/${newest.id}/read`)).status).toBe(401);
    expect((await t.http().get('/api/notifications')).status).toBe(401);
    expect((await t.http().get('/api/notifications/unread-count')).status).toBe(401);
    expect((await t.http().post('/api/notifications/read-all')).status).toBe(401);
    expect(await unread(applicant.token)).toBe(4);

    const read = await t.http().post(`/api/notifications/${newest.id}/read`).set(bearer(applicant.token));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: newest.id, read_at: expect.any(String) });
    // A second click changes nothing and records nothing.
    const again = await t.http().post(`/api/notifications/${newest.id}/read`).set(bearer(applicant.token));
    expect(again.body.read_at).toBe(read.body.read_at);
    expect(await inboxEvents()).toEqual(['NotificationRead']);

    expect(await unread(applicant.token)).toBe(3);
    const unreadOnly = await inbox(applicant.token, '?unread=true');
    expect(unreadOnly).toMatchObject({ total: 3, unread_count: 3 });
    expect(unreadOnly.notifications[0].id).toBe(middle.id);
  });

  it("marks all of the caller's read, and nobody else's", async () => {
    const facilityUnread = await unread(facility.token);
    expect(facilityUnread).toBeGreaterThan(0);

    const response = await t.http().post('/api/notifications/read-all').set(bearer(applicant.token));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ unread_count: 0 });
    expect((await inbox(applicant.token)).notifications.every((n) => n.read_at !== null)).toBe(true);
    expect(await inbox(applicant.token, '?unread=true')).toMatchObject({ notifications: [], total: 0 });
    expect(await unread(facility.token)).toBe(facilityUnread);
    // Nothing left unread: nothing to record.
    await t.http().post('/api/notifications/read-all').set(bearer(applicant.token));
    expect(await inboxEvents()).toEqual(['NotificationRead', 'AllNotificationsRead']);

    // A notification after the read-all is unread again.
    expect((await act(t, applicant.token, bidId, 'counter-by-applicant', 183)).status).toBe(200);
    expect((await act(t, facility.token, bidId, 'accept')).status).toBe(200);
    const connected = (await inbox(applicant.token)).notifications[0];
    expect(connected).toMatchObject({ kind: 'connection', title: 'Bid accepted: CRNA for day surgery', read_at: null });
    expect(await unread(applicant.token)).toBe(1);
    // The bid manager hears of the connection their admin made; the admin who made it does not.
    expect((await inbox(bidManager.token)).notifications[0]).toMatchObject({ kind: 'connection', title: 'Connected with Avery Stone' });
    expect((await inbox(facility.token)).notifications[0].kind).not.toBe('connection');
  });

  it('a batch of bid moves reads their lookups and inserts their notifications in one statement per run, each as of its move (a title edited between runs)', async () => {
    const bid = await placedBid(t, other.token, postingId, 170);
    await caughtUp();
    // Where the inbox stands before the moves, as a checkpoint and as a log position.
    const [{ at, head }] = await t.db.query(
      `SELECT transaction_id || ':' || global_position AS at, global_position::text AS head FROM checkpoints WHERE name = $1`,
      [notificationsProjection.name],
    );
    expect((await act(t, facility.token, bid, 'counter', 185)).status).toBe(200);
    expect((await act(t, other.token, bid, 'counter-by-applicant', 186)).status).toBe(200);
    expect((await act(t, facility.token, bid, 'counter', 184)).status).toBe(200);
    expect((await act(t, other.token, bid, 'counter-by-applicant', 185)).status).toBe(200);
    const edited: PostingEdited = {
      type: 'PostingEdited',
      data: { user_id: facility.userId, at: new Date().toISOString(), changes: { title: 'CRNA for night surgery' } },
    };
    await t.app.get(CommandBus).append(postingStream(postingId), [edited], 'any', {
      actor: { user_id: facility.userId, side: 'facility', name: 'Bench Facility' },
    });
    expect((await act(t, facility.token, bid, 'counter', 187)).status).toBe(200);
    const moved = `SELECT user_id, kind, title, body, link, created_at, read_at, source_position FROM notifications
                    WHERE source_position > $1 ORDER BY source_position, user_id`;
    await caughtUp();
    const live = await t.db.query(moved, [head]);
    // Each applicant's counter tells the facility's admin and its bid manager.
    expect(live.map((row: { title: string }) => row.title)).toEqual([
      ...Array(6).fill('Counter offer on CRNA for day surgery'),
      'Counter offer on CRNA for night surgery',
    ]);

    // The inbox put back where it stood before the moves (the title too: the batch edits it
    // between runs), then the same events applied again in one batch.
    const counts = await t.db.query('SELECT user_id, unread FROM notification_unread_counts ORDER BY user_id');
    await t.db.query('UPDATE notification_postings SET title = $2 WHERE id = $1', [postingId, 'CRNA for day surgery']);
    await t.db.query('DELETE FROM notifications WHERE source_position > $1', [head]);
    await t.db.query(
      `UPDATE notification_unread_counts c SET unread = (SELECT count(*) FROM notifications n WHERE n.user_id = c.user_id AND n.read_at IS NULL)`,
    );
    await setCheckpoint(t.db, notificationsProjection.name, at);
    const rewound: { user_id: string; unread: number }[] = await t.db.query('SELECT user_id, unread FROM notification_unread_counts');
    const statements: string[] = [];
    const pushes: Push[] = [];
    const counting: Projection = {
      ...notificationsProjection,
      follows: notificationsProjection.follows.map((follow) => ({
        ...follow,
        handle: (event, context) =>
          follow.handle(event, {
            ...context,
            prepared: (sql, values) => {
              statements.push(sql);
              return context.prepared(sql, values);
            },
          }),
      })),
    };
    const runner = new ProjectionRunner(t.db, t.app.get<EventStore>(EVENT_STORE), [counting], { publish: (push) => pushes.push(push) });
    await runner.catchUp();

    expect(await t.db.query(moved, [head])).toEqual(live);
    expect(await t.db.query('SELECT user_id, unread FROM notification_unread_counts ORDER BY user_id')).toEqual(counts);
    // Two runs of moves (the edit parts them): two lookups, two inserts.
    expect(statements.filter((sql) => sql.includes('FROM notification_bids'))).toHaveLength(2);
    expect(statements.filter((sql) => sql.includes('INSERT INTO notifications'))).toHaveLength(2);
    // Each row pushed to its recipient in the order of the log, with their count right after it.
    const unreadAfter = new Map(rewound.map((row) => [row.user_id, row.unread]));
    expect(pushes.map(({ room, payload }) => ({ room, payload }))).toEqual(
      live.map((row: { user_id: string; title: string }) => {
        unreadAfter.set(row.user_id, (unreadAfter.get(row.user_id) ?? 0) + 1);
        return {
          room: `user:${row.user_id}`,
          payload: { notification: expect.objectContaining({ title: row.title }), unread_count: unreadAfter.get(row.user_id) },
        };
      }),
    );

    // The same batch again inserts nothing and pushes nothing.
    await setCheckpoint(t.db, notificationsProjection.name, at);
    pushes.length = 0;
    await runner.catchUp();
    expect(pushes).toEqual([]);
    expect(await t.db.query(moved, [head])).toEqual(live);
    expect(await t.db.query('SELECT user_id, unread FROM notification_unread_counts ORDER BY user_id')).toEqual(counts);
  });

  it('a replay from the start and a rebuild make the same rows, never a second one', async () => {
    const rows = async () => ({
      notifications: await t.db.query('SELECT * FROM notifications ORDER BY id'),
      unread: await t.db.query('SELECT user_id, unread FROM notification_unread_counts ORDER BY user_id'),
    });
    const before = await rows();
    expect(before.notifications.length).toBeGreaterThan(10);
    // Each person's kept count is their unread rows' (some read one by one, some all at once, some never).
    expect(before.unread).toEqual(
      await t.db.query(
        `SELECT user_id, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM notifications GROUP BY user_id ORDER BY user_id`,
      ),
    );
    const store = t.app.get<EventStore>(EVENT_STORE);

    await setCheckpoint(t.db, notificationsProjection.name, START);
    await new ProjectionRunner(t.db, store, [notificationsProjection], null).catchUp();
    expect(await rows()).toEqual(before);

    await rebuildReadModels(t.db, store, [notificationsProjection]);
    expect(await rows()).toEqual(before);
  });

  /**
   * A member who joined `facility` with or without can_manage_bids: the grant the guard reads and
   * the acceptance the facility's stream records, as registering with an invitation leaves them.
   */
  async function member(flags: { can_manage_bids: boolean }): Promise<Member> {
    const { userId, token } = await facilityMember(t, facility.facilityId, flags);
    const [{ email }] = await t.db.query('SELECT email FROM users WHERE id = $1', [userId]);
    const accepted: FacilityInvitationAccepted = {
      type: 'FacilityInvitationAccepted',
      data: {
        user_id: userId,
        at: new Date().toISOString(),
        invitation_id: randomUUID(),
        email,
        invited_by: facility.userId,
        role: 'user',
        permissions: { ...NO_FLAGS, ...flags },
      },
    };
    await t.app.get(CommandBus).append(facilityStream(facility.facilityId), [accepted], 'any', {
      actor: { user_id: userId, side: 'facility', name: 'Morgan Member' },
    });
    return { userId, email, token };
  }

  async function inboxEvents(): Promise<string[]> {
    const events: { type: string }[] = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [
      `inbox-${applicant.userId}`,
    ]);
    return events.map((event) => event.type);
  }
});
