import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { AppendResult, Position, PostgresEventStore, RecordedEvent, WrongExpectedVersionError } from '../../../server/src/eventstore';
import { LISTENER_APPLICATION_NAME } from '../../../server/src/eventstore/postgres-event-store';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { newEvent, newStream, sleep, waitUntil } from './contract';

/**
 * What only the Postgres adapter has to get right: concurrent writers whose transactions commit
 * out of order, writers racing on one stream, and a LISTEN connection that can drop.
 */
describe('PostgresEventStore under concurrency', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let admin: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.url, { poolSize: 10 });
    admin = await connect();
  });

  afterAll(async () => {
    await admin.end();
    await store.close();
    await database.drop();
  });

  async function connect(): Promise<Client> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    return client;
  }

  async function mark(): Promise<Position> {
    return (await store.append(newStream('marker'), [newEvent('Marked')], 'no_stream')).position;
  }

  /** Writes one event the way a slow appender would: inserted early, committed `holdMs` later. */
  async function appendCommittingLate(client: Client, stream: string, version: number, holdMs: number) {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data)
       VALUES ($1, $2, $3, 'ShiftLogged', $4)`,
      [stream, version, randomUUID(), { version }],
    );
    await sleep(holdMs);
    await client.query('COMMIT');
  }

  /** The LISTEN backends of this database whose LISTEN has run. */
  async function listenerPids(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()
          AND state = 'idle' AND query LIKE 'LISTEN%'`,
      [LISTENER_APPLICATION_NAME],
    );
    return rows.map((row) => row.pid);
  }

  it('a reader paging during concurrent writes sees every event once, in the final log order', async () => {
    const marker = await mark();
    const [promptWriters, lateWriters, appendsEach] = [15, 5, 25];
    const total = (promptWriters + lateWriters) * appendsEach;
    const subscribed: RecordedEvent[] = [];
    const subscription = await store.subscribe(marker, (event) => {
      subscribed.push(event);
    });

    const reading = (async () => {
      const seen: RecordedEvent[] = [];
      const deadline = Date.now() + 15_000;
      for (let after = marker; seen.length < total && Date.now() < deadline;) {
        const page = await store.readAll({ after, limit: 37 });
        seen.push(...page);
        if (page.length > 0) after = page[page.length - 1].position;
        else await sleep(2);
      }
      return seen;
    })();
    const prompt = Array.from({ length: promptWriters }, async () => {
      const stream = newStream('timesheet');
      for (let version = 0; version < appendsEach; version++) {
        const expected = version === 0 ? 'no_stream' : version - 1;
        await store.append(stream, [newEvent('ShiftLogged', { version })], expected);
        await sleep(Math.random() * 4);
      }
    });
    const late = Array.from({ length: lateWriters }, async () => {
      const client = await connect();
      const stream = newStream('timesheet');
      for (let version = 0; version < appendsEach; version++) {
        await appendCommittingLate(client, stream, version, Math.random() * 15);
      }
      await client.end();
    });
    await Promise.all([...prompt, ...late]);
    const seen = await reading;
    await waitUntil(() => subscribed.length >= total);
    await subscription.close();
    const log = await store.readAll({ after: marker });

    const ids = (events: RecordedEvent[]) => events.map((event) => event.id);
    expect(log).toHaveLength(total);
    expect(new Set(ids(seen)).size).toBe(seen.length);
    expect(ids(seen)).toEqual(ids(log));
    expect(ids(subscribed)).toEqual(ids(log));
    const versionsByStream = new Map<string, number[]>();
    for (const event of log) {
      versionsByStream.set(event.stream, [...(versionsByStream.get(event.stream) ?? []), event.version]);
    }
    for (const versions of versionsByStream.values()) {
      expect(versions).toEqual([...Array(appendsEach).keys()]);
    }
  });

  it('holds back events behind a transaction still open, then returns them in transaction order', async () => {
    const marker = await mark();
    const [lateStream, promptStream] = [newStream('credential'), newStream('credential')];
    const late = await connect();

    await late.query('BEGIN');
    await late.query(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data)
       VALUES ($1, 0, $2, 'CredentialUploaded', '{}')`,
      [lateStream, randomUUID()],
    );
    await store.append(promptStream, [newEvent('CredentialUploaded')], 'no_stream');
    // A reader going by global_position alone would already move past the late event's slot.
    const byGlobalPosition = await admin.query('SELECT stream_id FROM events WHERE global_position > $1', [marker.split(':')[1]]);
    const whileOpen = await store.readAll({ after: marker });
    await late.query('COMMIT');
    await late.end();
    let afterCommit: RecordedEvent[] = [];
    await waitUntil(async () => (afterCommit = await store.readAll({ after: marker })).length === 2);

    expect(byGlobalPosition.rows.map((row) => row.stream_id)).toEqual([promptStream]);
    expect(whileOpen).toEqual([]);
    expect(afterCommit.map((event) => event.stream)).toEqual([lateStream, promptStream]);
  });

  it('orders transaction ids as numbers, also where their digit count changes', async () => {
    // Old transaction ids on each side of every power of ten below the running one (as text,
    // '1000' would sort before '999'). They must stay below the running transaction id to be
    // readable, and a young cluster's ids are small, so the boundaries follow the current id.
    const [{ current }] = (await admin.query('SELECT pg_current_xact_id()::text AS current')).rows;
    const boundaries = Array.from({ length: String(current).length - 1 }, (_, i) => 10 ** (i + 1));
    const ids = boundaries.flatMap((power) => [String(power), String(power - 1)]);
    const stream = newStream('shift');
    await admin.query(
      `INSERT INTO events (transaction_id, stream_id, stream_version, event_id, type, data)
       SELECT xid::xid8, $1, version - 1, gen_random_uuid(), 'ShiftLogged', '{}'
         FROM unnest($2::text[]) WITH ORDINALITY AS t(xid, version)`,
      [stream, ids],
    );

    const events = (await store.readAll({ after: '0:0', limit: 10_000 })).filter((event) => event.stream === stream);

    expect(boundaries.length).toBeGreaterThanOrEqual(2);
    expect(events.map((event) => event.position.split(':')[0])).toEqual(boundaries.flatMap((power) => [String(power - 1), String(power)]));
  });

  it('keeps re-reading after a notification until the notified event is readable', async () => {
    // Polling once a minute: only the re-reads after a notification can deliver within the test.
    const patient = new PostgresEventStore(database.url, { fallbackPollMs: 60_000 });
    const marker = await mark();
    const received: RecordedEvent[] = [];
    const subscription = await patient.subscribe(marker, (event) => {
      received.push(event);
    });
    // Resolves once the store listens, so the append below is sure to be notified.
    await patient.waitForNew(2000);
    const older = await connect();

    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()');
    await store.append(newStream('posting'), [newEvent('PostingDrafted')], 'no_stream');
    await sleep(200);
    const whileHeldBack = received.length;
    // Ending a transaction that wrote no event sends no notification.
    await older.query('COMMIT');
    await older.end();
    await waitUntil(() => received.length === 1);
    await subscription.close();
    await patient.close();

    expect(whileHeldBack).toBe(0);
    expect(received.map((event) => event.type)).toEqual(['PostingDrafted']);
  });

  describe('writers racing on one stream', () => {
    /** Lets every racer read the stream version, then blocks their inserts until all have read it. */
    async function race<T>(racers: Array<() => Promise<T>>): Promise<PromiseSettledResult<T>[]> {
      const locker = await connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE events IN SHARE MODE');
      const settled = Promise.allSettled(racers.map((racer) => racer()));
      try {
        await waitUntil(async () => {
          const { rows } = await locker.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_locks
              WHERE relation = 'events'::regclass AND NOT granted
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          );
          return rows[0].waiting === racers.length;
        });
      } finally {
        // Never leave the racers (and the store's pool) blocked, even when the wait fails.
        await locker.query('COMMIT');
        await locker.end();
      }
      return settled;
    }

    it('leave exactly one winner when they expect the same version', async () => {
      const stream = newStream('application');
      await store.append(stream, [newEvent('ApplicationSubmitted')], 'no_stream');

      const results = await race([
        () => store.append(stream, [newEvent('ApplicationAccepted')], 0),
        () => store.append(stream, [newEvent('ApplicationWithdrawn')], 0),
      ]);

      const won = results.filter((r): r is PromiseFulfilledResult<AppendResult> => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(won[0].value.next_expected_version).toBe(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(lost[0].reason).toMatchObject({ stream, expected: 0, actual: 1 });
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it("both succeed with 'any', one after the other", async () => {
      const stream = newStream('application');
      await store.append(stream, [newEvent('ApplicationSubmitted')], 'no_stream');

      const results = await race([
        () => store.append(stream, [newEvent('ApplicationViewed')], 'any'),
        () => store.append(stream, [newEvent('ApplicationViewed')], 'any'),
      ]);

      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await store.readStream(stream)).map((event) => event.version)).toEqual([0, 1, 2]);
    });
  });

  it('listens again after its connection drops', async () => {
    await store.waitForNew(1);
    await waitUntil(async () => (await listenerPids()).length > 0);
    const dropped = await listenerPids();

    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [dropped]);
    await waitUntil(async () => (await listenerPids()).some((pid) => !dropped.includes(pid)));
    const started = Date.now();
    const waiting = store.waitForNew(10_000);
    await store.append(newStream('posting'), [newEvent('PostingDrafted')], 'no_stream');
    await waiting;

    expect(Date.now() - started).toBeLessThan(3000);
  });
});
