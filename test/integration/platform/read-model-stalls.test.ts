import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../server/src/database/database';
import type { AnyEvent } from '../../../server/src/domain/shared/events';
import { EVENT_STORE, type EventStore, PostgresEventStore } from '../../../server/src/eventstore';
import { readCheckpoint } from '../../../server/src/platform/read-models/checkpoints';
import { on, type Projection } from '../../../server/src/platform/read-models/projection';
import { ProjectionRunner } from '../../../server/src/platform/read-models/projection-runner';
import { listStalls, repairStall, STALL_AFTER_ATTEMPTS } from '../../../server/src/platform/read-models/stalls';
import { adminToken, facilityRegistration, register, uniqueEmail } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app';
import { createTestDatabase, type TestDatabase } from '../../support/database';

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: last saw ${JSON.stringify(value)}`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

/**
 * A read model that cannot apply an event (a value it cannot store, a bug) stops at that event
 * instead of failing on it forever: the stall names the event and the error, the other read
 * models go on, and an operator retries it (after a fix) or skips it, which is recorded.
 */
describe('a read model that keeps failing on one event', () => {
  let database: TestDatabase;
  let db: DataSource;
  let store: EventStore;
  let failOn: Set<string>;
  const runners: ProjectionRunner[] = [];

  const gadgets = (name: string, fails = true): Projection => ({
    name,
    // Shared by every gadgets read model of this file; only the 'skipping' one is ever rebuilt.
    tables: ['gadgets'],
    follows: [
      on<AnyEvent>('gadget', ['GadgetAdded'], async (event, { tx }) => {
        if (fails && failOn.has(event.id)) throw new Error('value too large to store');
        await tx.query('INSERT INTO gadgets (projection, id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [name, event.id]);
      }),
    ],
  });
  const applied = async (name: string): Promise<string[]> =>
    (await db.query('SELECT id FROM gadgets WHERE projection = $1 ORDER BY id', [name])).map((row: { id: string }) => row.id);
  const runner = (projections: Projection[]) => {
    const created = new ProjectionRunner(db, store, projections, null);
    runners.push(created);
    return created;
  };
  /** One pass of the runner's loop; a failing read model makes it throw, as in the live loop. */
  const pass = (using: ProjectionRunner) => using.catchUp().catch(() => undefined);
  /** Appends a gadget and waits until readers see it (an open transaction elsewhere holds the log back). */
  const addGadget = async () => {
    const id = randomUUID();
    const { position } = await store.append(`gadget-${randomUUID()}`, [{ id, type: 'GadgetAdded', data: {} }], 'no_stream');
    await eventually(
      async () => (await store.readAll({ limit: 100_000 })).some((event) => event.position === position),
      Boolean,
      'the event to be readable',
    );
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 4);
    await db.query('CREATE TABLE gadgets (projection text NOT NULL, id uuid NOT NULL, PRIMARY KEY (projection, id))');
    store = new PostgresEventStore(database.url);
  });

  beforeEach(() => {
    failOn = new Set();
  });

  afterAll(async () => {
    for (const started of runners) await started.stop();
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it(`stops after ${STALL_AFTER_ATTEMPTS} failures in a row, records the event, and the other read models go on`, async () => {
    const using = runner([gadgets('stuck'), gadgets('healthy', false)]);
    const before = await addGadget();
    const poison = await addGadget();
    const after = await addGadget();
    failOn.add(poison);

    for (let i = 1; i < STALL_AFTER_ATTEMPTS; i++) await pass(using);
    expect(await listStalls(db)).toEqual([]);
    await pass(using);

    const [stall] = await listStalls(db);
    expect(stall).toMatchObject({ name: 'stuck', event_id: poison, event_type: 'GadgetAdded', error: 'value too large to store' });
    expect(stall.stream_id).toMatch(/^gadget-/);
    expect(stall.position).toMatch(/^\d+:\d+$/);
    expect(await applied('healthy')).toEqual([before, poison, after].sort());
    // The batch that held the event rolled back; the stopped read model is no longer tried.
    expect(await applied('stuck')).toEqual([]);
    const checkpoint = await readCheckpoint(db, 'stuck');
    await pass(using);
    expect(await readCheckpoint(db, 'stuck')).toBe(checkpoint);
  });

  it('names the event whose queued write the database refused, though the batch sent its writes together', async () => {
    await db.query('DELETE FROM read_model_stalls');
    // Writes queued with `write` travel together: the database's refusal names no event, so the
    // runner applies the next batch statement by statement, where the failing one is known.
    const queued: Projection = {
      name: 'queued',
      tables: ['gadgets'],
      follows: [
        on<AnyEvent>('gadget', ['GadgetAdded'], async (event, { write }) => {
          const id = failOn.has(event.id) ? 'not-a-uuid' : event.id;
          await write('INSERT INTO gadgets (projection, id) VALUES ($1, $2) ON CONFLICT DO NOTHING', ['queued', id]);
        }),
      ],
    };
    const using = runner([queued]);
    const before = await addGadget();
    const poison = await addGadget();
    await addGadget();
    failOn.add(poison);
    for (let i = 0; i < STALL_AFTER_ATTEMPTS; i++) await pass(using);
    expect(await listStalls(db)).toEqual([]);
    await pass(using);
    const [stall] = await listStalls(db);
    expect(stall).toMatchObject({ name: 'queued', event_id: poison });
    expect(stall.error).toContain('invalid input syntax for type uuid');
    expect(await applied('queued')).toEqual([]);

    failOn.clear();
    await repairStall(db, 'queued', 'retry');
    await using.catchUp();
    expect(await applied('queued')).toContain(before);
    expect(await applied('queued')).toContain(poison);
  });

  it('a retry after the fix applies the event, and the retry is recorded', async () => {
    await db.query('DELETE FROM read_model_stalls');
    const using = runner([gadgets('retried')]);
    const poison = await addGadget();
    failOn.add(poison);
    for (let i = 0; i < STALL_AFTER_ATTEMPTS; i++) await pass(using);
    expect((await listStalls(db)).map((stall) => stall.name)).toEqual(['retried']);

    failOn.clear(); // the fix is deployed
    expect(await repairStall(db, 'retried', 'retry')).toMatchObject({ event_id: poison });
    await using.catchUp();

    expect(await applied('retried')).toContain(poison);
    expect(await listStalls(db)).toEqual([]);
    const [repair] = await db.query(`SELECT * FROM read_model_repairs WHERE name = 'retried'`);
    expect(repair).toMatchObject({ action: 'retry', event_id: poison, error: 'value too large to store' });
  });

  it('a skip passes over that one event for good, also on a rebuild, and applies the rest', async () => {
    const using = runner([gadgets('skipping')]);
    const poison = await addGadget();
    const next = await addGadget();
    failOn.add(poison);
    for (let i = 0; i < STALL_AFTER_ATTEMPTS; i++) await pass(using);
    expect((await listStalls(db)).map((stall) => stall.name)).toContain('skipping');

    await repairStall(db, 'skipping', 'skip');
    await using.catchUp();
    const rows = await applied('skipping');
    expect(rows).toContain(next);
    expect(rows).not.toContain(poison);

    await using.rebuild();
    expect(await applied('skipping')).not.toContain(poison);
    expect(await applied('skipping')).toContain(next);
    expect(await repairStall(db, 'skipping', 'retry')).toBeNull();
  });

  it('read-your-writes does not wait out its timeout on a stopped read model', async () => {
    await db.query('DELETE FROM read_model_stalls');
    const using = runner([gadgets('waited')]);
    const poison = await addGadget();
    failOn.add(poison);
    for (let i = 0; i < STALL_AFTER_ATTEMPTS; i++) await pass(using);
    const position = (await store.readAll({ limit: 10_000 })).at(-1)!.position;
    const started = Date.now();
    expect(await using.waitFor(position, ['GadgetAdded'], 5_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('a stopped product read model, as operators see it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('health names the read model and the event; a skip brings it back with the later writes', async () => {
    // An event written by an older build that validated less: a rate no integer column holds.
    const poisonId = randomUUID();
    const bidId = randomUUID();
    const at = new Date().toISOString();
    await t.app.get<EventStore>(EVENT_STORE).append(
      `bid-${bidId}`,
      [
        {
          id: poisonId,
          type: 'BidSubmitted',
          data: {
            bid_id: bidId,
            job_posting_id: randomUUID(),
            applicant_id: randomUUID(),
            applicant_user_id: randomUUID(),
            facility_id: randomUUID(),
            proposed_rate: 3_000_000_000,
            submitted_at: at,
            user_id: randomUUID(),
            at,
          },
        },
      ],
      'no_stream',
    );

    const health = await eventually(
      () => t.http().get('/api/health'),
      (response) => (response.body.stalled_read_models ?? []).some((stall: { name: string }) => stall.name === 'bids'),
      'the bids read model to stop',
    );
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.stalled_read_models).toContainEqual(
      expect.objectContaining({
        name: 'bids',
        stopped_at: expect.objectContaining({ event_id: poisonId, event_type: 'BidSubmitted', stream: `bid-${bidId}` }),
        error: expect.stringMatching(/out of range/i),
      }),
    );

    // Writes go on while it is stopped, and answer without waiting out read-your-writes.
    const email = uniqueEmail('later');
    const started = Date.now();
    await register(t, facilityRegistration({ email }));
    expect(Date.now() - started).toBeLessThan(t.config.READ_YOUR_WRITES_TIMEOUT_MS);

    for (const stall of await listStalls(t.db)) await repairStall(t.db, stall.name, 'skip');
    await eventually(
      () => t.http().get('/api/health'),
      (response) => response.body.status === 'ok',
      'health to be ok after the skip',
    );
    const admin = await adminToken(t);
    await eventually(
      () => t.http().get('/api/admin/facilities').set('Authorization', `Bearer ${admin}`),
      (response) => JSON.stringify(response.body).includes(email),
      'the later facility in the admin list',
    );
    const [repair] = await t.db.query(`SELECT action, event_id FROM read_model_repairs WHERE name = 'bids'`);
    expect(repair).toEqual({ action: 'skip', event_id: poisonId });
  });
});
