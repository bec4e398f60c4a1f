import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../server/src/database/database';
import { comparePositions, EVENT_STORE, type EventStore, START } from '../../../server/src/eventstore';
import { STARTUP_WATCH_MS } from '../../../server/src/platform/follower-pace';
import { passCheckpoints, readCheckpoint, setCheckpoint } from '../../../server/src/platform/read-models/checkpoints';
import { startTestApp, type TestApp } from '../../support/app';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { countStatements } from '../../support/statements';

jest.setTimeout(60000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Projections and reactors follow the log on notifications: a server with nothing to do sends
 * no SQL at all (the old loop read the log and every checkpoint once a second), and the next
 * append is still applied at once.
 */
describe('an idle server', () => {
  let t: TestApp;

  let started: number;

  beforeAll(async () => {
    t = await startTestApp();
    started = Date.now();
  });
  afterAll(() => t?.close());

  const probe = () => t.app.get<EventStore>(EVENT_STORE).append(`probe-${randomUUID()}`, [{ type: 'IdleProbe', data: {} }], 'no_stream');
  const reached = async (name: string, position: string) => comparePositions(await readCheckpoint(t.db, name), position) >= 0;

  it('sends no SQL between events, and wakes for the next one', async () => {
    const first = await probe();
    await eventually(() => reached('facilities', first.position), 'the read models to pass the first probe');
    await eventually(() => reached('reactor:account-emails', first.position), 'the reactors to pass the first probe');
    // Let the last batches' notifications come back, and the followers' first seconds pass (they
    // look again a few times after starting, for events appended before they listened).
    await sleep(Math.max(300, started + STARTUP_WATCH_MS + 300 - Date.now()));

    const counting = countStatements();
    // Longer than two rounds of the old once-a-second polling.
    await sleep(2500);
    expect(counting.stop()).toBe(0);

    const next = await probe();
    await eventually(() => reached('facilities', next.position), 'the read models to pass the next probe');
    await eventually(() => reached('reactor:account-emails', next.position), 'the reactors to pass the next probe');
  });
});

/** A read model passes over events it does not follow without a lock, but never over someone else's move. */
describe('passing a checkpoint over events a read model does not follow', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 2);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('moves it only from where it was read', async () => {
    const pass = async (name: string, from: string, to: string) => (await passCheckpoints(db, [{ name, from, to }])).has(name);
    expect(await pass('passing', START, '10:5')).toBe(true);
    expect(await readCheckpoint(db, 'passing')).toBe('10:5');

    // Someone else moved it meanwhile: their position stands.
    expect(await pass('passing', START, '10:9')).toBe(false);
    expect(await readCheckpoint(db, 'passing')).toBe('10:5');

    // A rebuild's swap moved it meanwhile: the swap wins.
    await setCheckpoint(db, 'passing', '20:1');
    expect(await pass('passing', '10:5', '11:2')).toBe(false);
    expect(await readCheckpoint(db, 'passing')).toBe('20:1');
  });

  it('moves several in one statement, each only from where it was read', async () => {
    await setCheckpoint(db, 'several-a', '10:5');
    await setCheckpoint(db, 'several-b', '10:6');
    const moved = await passCheckpoints(db, [
      { name: 'several-a', from: '10:5', to: '12:1' },
      { name: 'several-b', from: '10:5', to: '12:1' },
      { name: 'several-c', from: START, to: '12:1' },
    ]);
    expect([...moved].sort()).toEqual(['several-a', 'several-c']);
    expect(await readCheckpoint(db, 'several-a')).toBe('12:1');
    expect(await readCheckpoint(db, 'several-b')).toBe('10:6');
    expect(await readCheckpoint(db, 'several-c')).toBe('12:1');
  });

  it('passes over a checkpoint another transaction is writing instead of waiting for it', async () => {
    await setCheckpoint(db, 'held', '10:5');
    await setCheckpoint(db, 'free', '10:5');
    const writer = db.createQueryRunner();
    await writer.startTransaction();
    try {
      await writer.query(`UPDATE checkpoints SET updated_at = now() WHERE name = 'held'`);
      // Waiting here is how two instances passing the same rows in different orders deadlocked.
      const moved = await passCheckpoints(db, [
        { name: 'held', from: '10:5', to: '12:1' },
        { name: 'free', from: '10:5', to: '12:1' },
      ]);
      expect([...moved]).toEqual(['free']);
    } finally {
      await writer.rollbackTransaction();
      await writer.release();
    }
    expect(await readCheckpoint(db, 'held')).toBe('10:5');
    expect(await readCheckpoint(db, 'free')).toBe('12:1');
  });
});
