import { Client } from 'pg';
import { PostgresEventStore, WrongExpectedVersionError } from '../../../server/src/eventstore';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { newEvent, newStream } from './contract';

/**
 * appendWriting: a command's append and its inline rows in one round trip, the values written
 * into the statements as literals. What a command relies on: the rows hold exactly what was
 * given, they commit with the events or not at all, and each statement answers its own rows.
 */
describe('PostgresEventStore.appendWriting', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let admin: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.url);
    admin = new Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      `CREATE TABLE written (id integer PRIMARY KEY, label text, amount numeric, at timestamptz, tags text[], doc jsonb, flag boolean)`,
    );
  });

  afterAll(async () => {
    await admin.end();
    await store.close();
    await database.drop();
  });

  const insert = (values: unknown[]) => ({
    sql: 'INSERT INTO written (id, label, amount, at, tags, doc, flag) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, label',
    values,
  });

  it('writes hostile text, dates, arrays, JSON and nulls exactly as parameters would', async () => {
    const label = `O'Brien \\ "quoted" $1 $$dollar$$ ; DROP TABLE written; -- \n tab\t émoji 🩺`;
    const at = new Date('2026-11-24T10:15:30.123Z');
    const tags = ['a,b', 'c"d', "e'f", 'g\\h', '{braces}', 'NULL'];
    const doc = JSON.stringify({ note: label, nested: { list: [1, 'two', null] } });
    const stream = newStream('bid');

    const { result, rows } = await store.appendWriting(stream, [newEvent('Written', { label })], 'no_stream', [
      insert([1, label, 190.5, at, tags, doc, true]),
      insert([2, null, null, null, null, null, null]),
    ]);

    expect(result.next_expected_version).toBe(0);
    expect(rows).toEqual([[{ id: 1, label }], [{ id: 2, label: null }]]);
    const { rows: stored } = await admin.query('SELECT * FROM written ORDER BY id');
    expect(stored).toEqual([
      { id: 1, label, amount: '190.5', at, tags, doc: JSON.parse(doc), flag: true },
      { id: 2, label: null, amount: null, at: null, tags: null, doc: null, flag: null },
    ]);
    const events = await store.readStream(stream);
    expect(events.map((event) => [event.type, event.data])).toEqual([['Written', { label }]]);
  });

  it('appends after the version decided on, and refuses a stale one with nothing written', async () => {
    const stream = newStream('bid');
    await store.append(stream, [newEvent('First'), newEvent('Second')], 'no_stream');
    const { result } = await store.appendWriting(stream, [newEvent('Third')], 1, [insert([10, 'third', 1, null, null, null, false])]);
    expect(result.next_expected_version).toBe(2);

    // Another command decided on version 1 too: it loses, and its row is not written.
    await expect(store.appendWriting(stream, [newEvent('Late')], 1, [insert([11, 'late', 1, null, null, null, false])])).rejects.toThrow(
      WrongExpectedVersionError,
    );
    await expect(store.appendWriting(stream, [newEvent('Late')], 'no_stream', [])).rejects.toMatchObject({ actual: 2 });
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['First', 'Second', 'Third']);
    expect((await admin.query('SELECT id FROM written WHERE id >= 10 ORDER BY id')).rows).toEqual([{ id: 10 }]);
  });

  it('appends alongside to another stream in the same transaction, and a stale version there rolls both back', async () => {
    const bid = newStream('bid');
    const posting = newStream('posting');
    await store.append(posting, [newEvent('Opened')], 'no_stream');
    const { result } = await store.appendWriting(
      bid,
      [newEvent('Accepted')],
      'no_stream',
      [],
      [{ stream: posting, events: [newEvent('Counted')], expected: 0 }],
    );
    expect((await store.readStream(posting)).map((event) => event.type)).toEqual(['Opened', 'Counted']);
    // The answer's position is the last event written: the one on the other stream.
    expect(result.position).toBe((await store.readStream(posting))[1].position);

    const other = newStream('bid');
    const lost = store.appendWriting(
      other,
      [newEvent('Accepted')],
      'no_stream',
      [],
      [{ stream: posting, events: [newEvent('Counted')], expected: 0 }],
    );
    await expect(lost).rejects.toMatchObject({ name: 'WrongExpectedVersionError', stream: posting, actual: 1 });
    expect(await store.readStream(other)).toEqual([]);
    expect(await store.readStream(posting)).toHaveLength(2);
  });

  it('commits only while the streams decided on stand where they were read, naming the one that moved on', async () => {
    const posting = newStream('posting');
    const applicant = newStream('applicant');
    const never = newStream('facility');
    await store.append(posting, [newEvent('Opened')], 'no_stream');
    await store.append(applicant, [newEvent('Registered'), newEvent('Verified')], 'no_stream');
    const unchanged = [
      { stream: posting, version: 0 },
      { stream: applicant, version: 1 },
      { stream: never, version: -1 },
    ];
    const bid = newStream('bid');
    await store.appendWriting(bid, [newEvent('Submitted')], 'no_stream', [insert([30, 'kept', 1, null, null, null, false])], [], unchanged);
    expect(await store.readStream(bid)).toHaveLength(1);

    await store.append(applicant, [newEvent('Deactivated')], 1);
    const late = store.appendWriting(bid, [newEvent('Countered')], 0, [insert([31, 'late', 1, null, null, null, false])], [], unchanged);

    await expect(late).rejects.toMatchObject({ name: 'WrongExpectedVersionError', stream: applicant, expected: 1, actual: 2 });
    expect((await store.readStream(bid)).map((event) => event.type)).toEqual(['Submitted']);
    expect((await admin.query('SELECT id FROM written WHERE id >= 30 ORDER BY id')).rows).toEqual([{ id: 30 }]);
    await store.append(never, [newEvent('Registered')], 'no_stream');
    await expect(store.appendWriting(bid, [newEvent('Countered')], 0, [], [], [{ stream: never, version: -1 }])).rejects.toMatchObject({
      stream: never,
      actual: 0,
    });
  });

  it('tells listeners which stream each committed append moved on, and to which version, and nothing of a refused one', async () => {
    const stream = newStream('bid');
    const heard: { position: string | null; appended?: { stream: string } }[] = [];
    const stop = store.onNew((position, appended) => heard.push({ position, appended }));
    const hearing = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while (heard.length < count && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 20));
    };
    try {
      // Listening starts with a "look for yourself" once connected; appends before it go unheard.
      const warmUp = newStream('bid');
      while (!heard.some((notice) => notice.appended?.stream === warmUp)) {
        await store.append(warmUp, [newEvent('WarmUp')], 'any');
        await hearing(heard.length + 1);
      }
      heard.length = 0;

      await store.append(stream, [newEvent('First')], 'no_stream');
      const { result } = await store.appendWriting(stream, [newEvent('Second'), newEvent('Third')], 0, []);
      await expect(store.appendWriting(stream, [newEvent('Late')], 0, [])).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(stream, [newEvent('Again')], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      const last = await store.append(stream, [newEvent('Fourth')], 2);
      await hearing(3);
      expect(heard).toEqual([
        { position: (await store.readStream(stream))[0].position, appended: { stream, version: 0 } },
        { position: result.position, appended: { stream, version: 2 } },
        { position: last.position, appended: { stream, version: 3 } },
      ]);
    } finally {
      stop();
    }
  });

  it('announces every one of many appends committed at once', async () => {
    const streams = Array.from({ length: 40 }, () => newStream('bid'));
    const heard = new Set<string>();
    const stop = store.onNew((_position, appended) => appended && heard.add(appended.stream));
    try {
      await store.waitForNew(1000);
      await Promise.all(
        streams.map((stream, i) =>
          i % 2 ? store.append(stream, [newEvent('A')], 'no_stream') : store.appendWriting(stream, [newEvent('A')], -1, []),
        ),
      );
      const deadline = Date.now() + 10_000;
      while (streams.some((stream) => !heard.has(stream)) && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 20));
      expect(streams.filter((stream) => !heard.has(stream))).toEqual([]);
    } finally {
      stop();
    }
  });

  it("reads a filtered stream's last version of any type beside its filtered events", async () => {
    const facility = newStream('facility');
    const bid = newStream('bid');
    const missing = newStream('facility');
    await store.append(facility, [newEvent('Verified'), newEvent('CreditAdded'), newEvent('CreditAdded')], 'no_stream');
    await store.append(bid, [newEvent('Submitted')], 'no_stream');

    const only = { streams: [facility, missing], types: ['Verified'] };
    const read = await store.readStreamsFrom([facility, bid, missing], only, [], { heads: true });

    expect([...read.events].map(([stream, events]) => [stream, events.map((event) => event.type)])).toEqual([
      [facility, ['Verified']],
      [bid, ['Submitted']],
      [missing, []],
    ]);
    expect(read.heads).toEqual(
      new Map([
        [facility, 2],
        [missing, -1],
      ]),
    );
    // Reads that never check the streams at an append (bid emails) do not ask for them.
    expect((await store.readStreamsFrom([facility, bid, missing], only, [])).heads).toEqual(new Map());
  });

  it('rolls the events back when a statement fails', async () => {
    const stream = newStream('bid');
    await expect(
      store.appendWriting(stream, [newEvent('Doomed')], 'no_stream', [
        insert([20, 'ok', 1, null, null, null, false]),
        insert([20, 'again', 1, null, null, null, false]),
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await store.readStream(stream)).toEqual([]);
    expect((await admin.query('SELECT id FROM written WHERE id = 20')).rows).toEqual([]);
  });

  it("refuses 'any' (a write must know the version it decided on) and a missing value", async () => {
    await expect(store.appendWriting(newStream('bid'), [newEvent('X')], 'any', [])).rejects.toThrow(RangeError);
    await expect(store.appendWriting(newStream('bid'), [newEvent('X')], 'no_stream', [{ sql: 'SELECT $2', values: [1] }])).rejects.toThrow(
      'No value for $2',
    );
  });
});
