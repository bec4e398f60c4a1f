import { io, Socket } from 'socket.io-client';
import type { TeamChangedPush } from '../../../server/src/domain/facility-members';
import { startTestApp, type TestApp } from '../../support/app';
import { listenFor, untilHeard } from '../../support/pushes';
import { uniqueEmail } from '../../support/accounts';
import { SLOW } from '../accounts/helpers';
import { quickFacility, type Facility } from '../bids/helpers';
import { invite, inviteBody, joinedMember, setPermissions } from './helpers';

jest.setTimeout(SLOW);

describe('team.changed over Socket.IO', () => {
  let t: TestApp;
  let admin: Facility;
  let outsider: Facility;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    admin = await quickFacility(t);
    outsider = await quickFacility(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  const listen = (token: string) => listenFor(t.url, token, 'team.changed', sockets);

  it("tells the facility's room about invitations and the member whose permissions changed, and nobody else", async () => {
    const member = await joinedMember(t, admin);
    // The joining's own pushes must be out before the sockets join, or they are heard here too.
    await t.projections.catchUp();
    const adminHeard = await listen(admin.token);
    const memberHeard = await listen(member.token);
    const outsiderHeard = await listen(outsider.token);

    expect((await invite(t, admin.token, inviteBody(uniqueEmail('live')))).status).toBe(201);
    await untilHeard(() => adminHeard.length > 0);
    expect(adminHeard[0]).toEqual({ facility_id: admin.facilityId, member_id: null });

    expect((await setPermissions(t, admin.token, member.userId, { can_create_jobs: true })).status).toBe(200);
    const mine = (push: TeamChangedPush) => push.member_id === member.userId;
    await untilHeard(() => memberHeard.some(mine) && adminHeard.some(mine));
    expect(outsiderHeard).toEqual([]);
  });

  it('a member whose page refetches on each push about them ends with the new grant, however late the grant is written', async () => {
    const member = await joinedMember(t, admin, { can_create_jobs: false, can_edit_jobs: false, can_publish_jobs: false });
    const socket = io(t.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: member.token },
    });
    sockets.push(socket);
    // What the member's page does: each push about them refetches their permissions at once.
    const refetched: Promise<{ can_create_jobs: boolean }>[] = [];
    socket.on('team.changed', (push: TeamChangedPush) => {
      if (push.member_id !== member.userId) return;
      refetched.push(
        t
          .http()
          .get('/api/users/me/facility-permissions')
          .set('Authorization', `Bearer ${member.token}`)
          .then((response) => response.body),
      );
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    // Hold back writes to the grants (reads go on), so the change's write of the grant waits
    // until the first refetch has answered: the race a fast machine sometimes loses, made
    // certain. A table lock, not a row lock: a row lock would take a transaction id and hold
    // back every reader of the event log, the push included.
    const holder = t.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('LOCK TABLE facility_members IN SHARE MODE');
    const answer = setPermissions(t, admin.token, member.userId, { can_create_jobs: true }).then((response) => response.status);
    await untilHeard(() => refetched.length > 0);
    expect((await refetched[0]).can_create_jobs).toBe(false); // read before the grant was written
    await holder.commitTransaction();
    await holder.release();

    expect(await answer).toBe(200);
    await untilHeard(() => refetched.length > 1);
    expect((await refetched[refetched.length - 1]).can_create_jobs).toBe(true);
  });

  it("closes a removed member's open socket, which cannot connect again", async () => {
    const member = await joinedMember(t, admin);
    await listen(member.token);
    const socket = sockets[sockets.length - 1];
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expect(
      (await t.http().delete(`/api/facility-users/${member.userId}`).set('Authorization', `Bearer ${admin.token}`)).status,
    ).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
    await expect(listen(member.token)).rejects.toThrow('unauthorized');
  });
});
