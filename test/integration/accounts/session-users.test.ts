import { Client } from 'pg';
import { LISTENER_APPLICATION_NAME, PgListener } from '../../../server/src/database/pg-listener';
import { NOT_AUTHENTICATED } from '../../../server/src/auth/access';
import { SessionUsers } from '../../../server/src/auth/session-users';
import { signedUp } from '../../support/accounts';
import { startTestApp, TestApp } from '../../support/app';
import { api, sleep, SLOW } from './helpers';

jest.setTimeout(SLOW);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await sleep(25);
  }
}

describe('session users kept between requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses a deactivated account on its next requests, whoever deactivated it', async () => {
    const applicant = await signedUp(t, 'applicant');
    expect((await api(t, applicant.token).get('/api/users/me')).status).toBe(200);
    // Straight in the table, as an operator would: no command of this instance knows of it.
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [applicant.userId]);
    const refused = await eventually(
      () => api(t, applicant.token).get('/api/users/me'),
      (response) => response.status === 401,
      1000,
    );
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(NOT_AUTHENTICATED);
  });

  it('takes a facility member out of the facility routes as soon as the membership ends', async () => {
    const facility = await signedUp(t, 'facility');
    expect((await api(t, facility.token).get('/api/users/me/facility-permissions')).status).toBe(200);
    await t.db.query('UPDATE facility_members SET is_active = false WHERE user_id = $1', [facility.userId]);
    const refused = await eventually(
      () => api(t, facility.token).get('/api/users/me/facility-permissions'),
      (response) => response.status === 404,
      1000,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('You are not a member of a facility.');
  });

  describe('SessionUsers', () => {
    let listener: PgListener;
    let users: SessionUsers;
    let userId: string;
    const nameOf = async () => (await users.load(userId))?.first_name;

    beforeAll(async () => {
      listener = new PgListener(t.config.DATABASE_URL);
      users = new SessionUsers(t.db, listener);
      ({ userId } = await signedUp(t, 'applicant', { first_name: 'Kept' }));
      await eventually(
        async () => listener.connected,
        (connected) => connected,
      );
    });
    afterAll(() => listener.close());

    it('reads a user once and keeps it, unchangeable, until its rows change', async () => {
      const first = await users.load(userId);
      expect(first?.first_name).toBe('Kept');
      expect(await users.load(userId)).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);

      await t.db.query(`UPDATE users SET first_name = 'Changed' WHERE id = $1`, [userId]);
      expect(await eventually(nameOf, (name) => name === 'Changed')).toBe('Changed');
    });

    it('does not keep a read that an announcement overtook', async () => {
      const holder = new Client({ connectionString: t.config.DATABASE_URL });
      await holder.connect();
      try {
        // The read waits behind the lock while the change is announced.
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
        const read = users.load(userId);
        await t.db.query('SELECT pg_notify($1, $2)', ['tenens_session_users', userId]);
        await sleep(200);
        await holder.query('COMMIT');
        const overtaken = await read;
        expect(await users.load(userId)).not.toBe(overtaken);
      } finally {
        await holder.end();
      }
    });

    it('serves nothing kept while its LISTEN connection is down, and forgets everything when it is back', async () => {
      const kept = await users.load(userId);
      expect(await users.load(userId)).toBe(kept);
      await t.db.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      await eventually(
        async () => listener.connected,
        (connected) => !connected,
      );
      // Announcements made now would be lost: every load reads the table.
      await t.db.query(`UPDATE users SET first_name = 'Unheard' WHERE id = $1`, [userId]);
      expect(await nameOf()).toBe('Unheard');
      const whileDown = await users.load(userId);
      expect(await users.load(userId)).not.toBe(whileDown);

      await eventually(
        async () => listener.connected,
        (connected) => connected,
      );
      const back = await users.load(userId);
      expect(back).not.toBe(kept);
      expect(back?.first_name).toBe('Unheard');
      expect(await users.load(userId)).toBe(back);
    });
  });
});
