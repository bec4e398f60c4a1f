import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { allProjections } from '../../../projections';
import { facilitiesProjection } from '../../../projections/facilities.projection';
import { openDatabase } from '../../../server/src/database/database';
import { comparePositions, EVENT_STORE, EventStore, PostgresEventStore, Position, START } from '../../../server/src/eventstore';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { readCheckpoint } from '../../../server/src/platform/read-models/checkpoints';
import { on, type Projection } from '../../../server/src/platform/read-models/projection';
import type { AnyEvent } from '../../../server/src/domain/shared/events';
import { ProjectionRunner, Publisher } from '../../../server/src/platform/read-models/projection-runner';
import type { Push } from '../../../server/src/realtime/realtime.events';
import { startTestApp, TestApp } from '../../support/app';
import { countingReads } from '../../support/counting-reads';
import { createTestDatabase, TestDatabase } from '../../support/database';

interface ThingRow {
  id: string;
  name: string;
  renamed: number;
}

/** Each test gets its own projection name and event types over one database (and log) per file. */
interface Kit {
  name: string;
  added: string;
  renamed: string;
}

/**
 * A read model of "things": added inserts, renamed updates; other events only move the
 * checkpoint. `failOn` makes apply throw on chosen event ids, to see a batch roll back.
 */
function thingsProjection(kit: Kit, failOn: Set<string>): Projection {
  return {
    name: kit.name,
    tables: ['things'],
    follows: [
      on<AnyEvent>('thing', [kit.added, kit.renamed], async (event, { tx, push }) => {
        const data = event.data as { id: string; name: string };
        if (event.type === kit.added) {
          await tx.query('INSERT INTO things (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [data.id, data.name]);
        } else {
          await tx.query('UPDATE things SET name = $2, renamed = renamed + 1 WHERE id = $1', [data.id, data.name]);
        }
        // Pushed before the failure check, so a failing event's batch has pushes queued.
        push({ room: `thing:${data.id}`, event: 'record.updated', payload: { kind: 'facility', id: data.id } });
        if (failOn.has(event.id)) throw new Error('projection exploded');
      }),
    ],
  };
}

/**
 * Records every push, and at the moment of each push asks Postgres over a separate connection
 * whether the pushed row is visible: it is only if the projection's transaction has committed.
 */
class RecordingPublisher implements Publisher {
  readonly pushes: Push[] = [];
  private readonly checks: Promise<{ id: string; visible: boolean }>[] = [];
  constructor(private readonly observer: Client) {}

  publish(push: Push): void {
    this.pushes.push(push);
    const id = (push.payload as { id: string }).id;
    this.checks.push(
      this.observer.query('SELECT 1 FROM things WHERE id = $1', [id]).then((result) => ({ id, visible: result.rowCount === 1 })),
    );
  }

  async visibility(): Promise<{ id: string; visible: boolean }[]> {
    return Promise.all(this.checks);
  }
}

/**
 * catchUp() reads the log as far as it is readable now. A Postgres reader only sees events below
 * the oldest transaction running anywhere on the server, so a transaction of another test may
 * hide an event that has already committed for a moment: run it again until `position` is in.
 */
async function catchUpThrough(
  runner: ProjectionRunner,
  db: DataSource,
  name: string,
  position: Position,
  timeoutMs = 10000,
): Promise<void> {
  await waitUntil(
    async () => {
      await runner.catchUp();
      return comparePositions(await readCheckpoint(db, name), position) >= 0;
    },
    timeoutMs,
    `the projection to reach ${position}`,
  );
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('ProjectionRunner over a test projection', () => {
  let database: TestDatabase;
  let db: DataSource;
  let store: EventStore;
  let observer: Client;
  let publisher: RecordingPublisher;
  let failOn: Set<string>;
  let kit: Kit;
  let runner: ProjectionRunner;
  let tests = 0;
  const runners: ProjectionRunner[] = [];

  const newRunner = (projection = thingsProjection(kit, failOn), pub: Publisher | null = publisher) => {
    const created = new ProjectionRunner(db, store, [projection], pub);
    runners.push(created);
    return created;
  };
  const rows = async (): Promise<ThingRow[]> => db.query('SELECT id, name, renamed FROM things ORDER BY id');
  const checkpoint = () => readCheckpoint(db, kit.name);
  const catchUp = (position: Position, using = runner) => catchUpThrough(using, db, kit.name, position);
  const add = (name: string, id: string = randomUUID()) => ({ id: randomUUID(), type: kit.added, data: { id, name } });
  const rename = (id: string, name: string) => ({ type: kit.renamed, data: { id, name } });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 4);
    await db.query('CREATE TABLE things (id uuid PRIMARY KEY, name text NOT NULL, renamed integer NOT NULL DEFAULT 0)');
    store = new PostgresEventStore(database.url);
    observer = new Client({ connectionString: database.url });
    await observer.connect();
  });

  beforeEach(async () => {
    tests += 1;
    kit = { name: `things-${tests}`, added: `ThingAdded${tests}`, renamed: `ThingRenamed${tests}` };
    await db.query('TRUNCATE things');
    publisher = new RecordingPublisher(observer);
    failOn = new Set();
    runner = newRunner();
  });

  afterEach(async () => {
    for (const started of runners.splice(0)) await started.stop();
    await publisher.visibility().catch(() => undefined);
  });

  afterAll(async () => {
    await observer?.end();
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('catchUp applies appended events and writes the checkpoint at the last event read', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await store.append(`thing-${a}`, [add('alpha', a), rename(a, 'alpha 2')], 'no_stream');
    await store.append(`thing-${b}`, [add('beta', b)], 'no_stream');
    const last = await store.append('other-1', [{ type: 'Unrelated', data: {} }], 'no_stream');
    expect(await checkpoint()).toBe(START);

    await catchUp(last.position);

    expect(await rows()).toEqual(
      [
        { id: a, name: 'alpha 2', renamed: 1 },
        { id: b, name: 'beta', renamed: 0 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    // Unrelated events are not applied but still move the checkpoint past them.
    expect(await checkpoint()).toBe(last.position);

    // Caught up: running again changes nothing.
    await runner.catchUp();
    expect(await rows()).toHaveLength(2);
    expect(await checkpoint()).toBe(last.position);
  });

  it('a backlog longer than a batch is read once for all read models, and each applies all of it', async () => {
    // A second read model on the same events: both are busy in every pass.
    const twin: Projection = {
      name: `${kit.name}-twin`,
      tables: ['things'],
      follows: [on<AnyEvent>('thing', [kit.added], async () => undefined)],
    };
    const { position } = await store.append(
      `thing-${randomUUID()}`,
      Array.from({ length: 1200 }, (_, n) => add(`thing ${n}`)),
      'no_stream',
    );
    const counting = countingReads(store);
    const both = new ProjectionRunner(db, counting.store, [thingsProjection(kit, failOn), twin], null);
    runners.push(both);

    await catchUpThrough(both, db, kit.name, position);
    await catchUpThrough(both, db, twin.name, position);

    expect(await rows()).toHaveLength(1200);
    // Every event of the log read once. When each read model read on its own after a pass cut at
    // the batch size, this was the first pass plus the whole log once per read model.
    expect(counting.eventsRead()).toBe((await store.readAll()).length);
  });

  it('a backlog whose read model another instance holds returns after one pass instead of reading it again and again', async () => {
    // The read model stands at the end of the log first: the backlog is only the events below.
    const start = await store.append('thing-start', [add('start')], 'no_stream');
    await catchUp(start.position);
    const { position } = await store.append(
      `thing-${randomUUID()}`,
      Array.from({ length: 600 }, (_, n) => add(`held ${n}`)),
      'no_stream',
    );
    // Another instance's batch: its transaction holds the read model's lock.
    const other = new Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection:${kit.name}`]);
      const counting = countingReads(store);
      const held = new ProjectionRunner(db, counting.store, [thingsProjection(kit, failOn)], null);
      runners.push(held);
      await held.catchUp();
      expect(await checkpoint()).toBe(start.position);
      // Two reads of the same batch: the cut pass, and the next one, which found nobody had moved.
      expect(counting.eventsRead()).toBeLessThanOrEqual(1000);
    } finally {
      await other.query('COMMIT');
      await other.end();
    }
    await catchUp(position);
    expect(await rows()).toHaveLength(601);
  });

  it('a projection that throws on the 3rd event of a batch moves neither rows nor checkpoint', async () => {
    const first = await store.append('thing-first', [add('first')], 'no_stream');
    await catchUp(first.position);
    expect(await checkpoint()).toBe(first.position);
    publisher.pushes.length = 0;

    const batch = [add('one'), add('two'), add('three'), add('four'), add('five')];
    failOn.add(batch[2].id!);
    const appended = await store.append('thing-batch', batch, 'no_stream');

    // The batch is one transaction, so its five events become readable together.
    let failure: unknown = null;
    await waitUntil(
      async () =>
        (failure = await runner.catchUp().then(
          () => null,
          (error) => error,
        )) !== null,
      10000,
      'the batch to fail',
    );
    expect(String(failure)).toContain(`${kit.name} failed on ${kit.added} #`);
    expect(String(failure)).toContain('projection exploded');
    expect((await rows()).map((row) => row.name)).toEqual(['first']);
    expect(await checkpoint()).toBe(first.position);
    // The pushes queued for events 1-3 belong to a transaction that never committed.
    expect(publisher.pushes).toEqual([]);

    // Once the projection is fixed the same batch applies completely.
    failOn.clear();
    await runner.catchUp();
    expect(await checkpoint()).toBe(appended.position);
    expect((await rows()).map((row) => row.name).sort()).toEqual(['first', 'five', 'four', 'one', 'three', 'two']);
    expect(publisher.pushes).toHaveLength(5);
  });

  it('pushes are delivered after the transaction commits, one per applied event', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const appended = await store.append(
      'thing-pushes',
      ids.map((id, i) => add(`n${i}`, id)),
      'no_stream',
    );
    await catchUp(appended.position);
    expect(publisher.pushes.map((push) => push.room)).toEqual(ids.map((id) => `thing:${id}`));
    expect(await publisher.visibility()).toEqual(ids.map((id) => ({ id, visible: true })));
  });

  it('rebuild() empties the read model and replays the log to the same rows, without pushes', async () => {
    const a = randomUUID();
    await store.append(`thing-${a}`, [add('alpha', a), rename(a, 'alpha 2')], 'no_stream');
    await store.append('thing-more', [add('beta'), add('gamma')], 'no_stream');
    const last = await store.append('other-2', [{ type: 'Unrelated', data: {} }], 'no_stream');
    await catchUp(last.position);
    const before = await rows();
    expect(before).toHaveLength(3);
    publisher.pushes.length = 0;

    // Damage the read model by hand: rebuild must not keep any of it.
    await db.query("UPDATE things SET name = 'tampered', renamed = 99 WHERE id = $1", [a]);
    await db.query("INSERT INTO things (id, name) VALUES ($1, 'stray')", [randomUUID()]);

    const read = await runner.rebuild();
    expect(read).toBeGreaterThanOrEqual(5);
    expect(await rows()).toEqual(before);
    expect(await checkpoint()).toBe(last.position);
    expect(publisher.pushes).toEqual([]);
  });

  it('start() catches up first, then follows new events live', async () => {
    const early = randomUUID();
    await store.append('thing-early', [add('early', early)], 'no_stream');
    runner.start();
    await waitUntil(async () => (await rows()).some((row) => row.id === early), 5000, 'the catch-up to apply the early event');

    const late = randomUUID();
    const appended = await store.append('thing-late', [add('late', late)], 'no_stream');
    await waitUntil(async () => (await rows()).some((row) => row.id === late), 5000, 'the live runner to apply the late event');
    await waitUntil(async () => (await checkpoint()) === appended.position, 5000, 'the checkpoint to reach the late event');
  });

  it('waitFor resolves true once the started runner passed the position, false on timeout when stopped', async () => {
    runner.start();
    const id = randomUUID();
    const appended = await store.append(`thing-${id}`, [add('waited', id)], 'no_stream');
    await expect(runner.waitFor(appended.position, [kit.added], 10000)).resolves.toBe(true);
    // Read-your-writes: the row is there the moment waitFor answers.
    expect((await db.query('SELECT name FROM things WHERE id = $1', [id])).map((row: ThingRow) => row.name)).toEqual(['waited']);

    await runner.stop();
    const unseen = randomUUID();
    const later = await store.append(`thing-${unseen}`, [add('unseen', unseen)], 'no_stream');
    const started = Date.now();
    await expect(runner.waitFor(later.position, [kit.added], 300)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await db.query('SELECT 1 FROM things WHERE id = $1', [unseen])).toEqual([]);

    // Event types no projection follows need no waiting at all.
    await expect(runner.waitFor(later.position, ['Unrelated'], 0)).resolves.toBe(true);
  });

  it('waitFor also sees progress made by another instance (through the checkpoint table)', async () => {
    const other = newRunner();
    other.start();
    const appended = await store.append('thing-elsewhere', [add('elsewhere')], 'no_stream');
    // `runner` itself never runs; only the database checkpoint can tell it the work was done.
    await expect(runner.waitFor(appended.position, [kit.added], 10000)).resolves.toBe(true);
    expect(await checkpoint()).toBe(appended.position);
  });

  it('an event held back by an older open transaction is applied soon after that transaction ends', async () => {
    runner.start();
    const warmUp = await store.append('thing-warm-up', [add('warm-up')], 'no_stream');
    await expect(runner.waitFor(warmUp.position, [kit.added], 10000)).resolves.toBe(true);

    // An older transaction that writes (so it holds a transaction id) but appends no event: until
    // it ends, every event committed after it began stays unreadable for catch-up readers.
    const blocker = new Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      const id = randomUUID();
      const appended = await store.append(`thing-${id}`, [add('held back', id)], 'no_stream');
      const waiting = runner.waitFor(appended.position, [kit.added], 10000);
      // Let the runner look (and find nothing readable yet) before the blocker goes away.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await db.query('SELECT 1 FROM things WHERE id = $1', [id])).toEqual([]);

      await blocker.query('COMMIT');
      const released = Date.now();
      await expect(waiting).resolves.toBe(true);
      // A read-your-writes wait should not sit out a whole idle poll (1 s) once the event is readable.
      expect(Date.now() - released).toBeLessThan(500);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
  });

  it('a read model that keeps failing does not hold the other read models back', async () => {
    const broken: Projection = {
      name: `${kit.name}-broken`,
      tables: [],
      follows: [
        on<AnyEvent>('thing', [kit.added], async () => {
          throw new Error('this read model is broken');
        }),
      ],
    };
    // The broken one comes first in the list, as any projection may.
    const id = randomUUID();
    const appended = await store.append(`thing-${id}`, [add('behind a broken one', id)], 'no_stream');
    await waitUntil(
      async () => (await store.readAll()).some((event) => event.position === appended.position),
      10000,
      'the event to be readable',
    );
    const both = new ProjectionRunner(db, store, [broken, thingsProjection(kit, failOn)], null);
    runners.push(both);
    both.start();
    await waitUntil(
      async () => comparePositions(await checkpoint(), appended.position) >= 0,
      5000,
      'the healthy read model to pass the event the broken one fails on',
    );
    expect(await rows()).toEqual([{ id, name: 'behind a broken one', renamed: 0 }]);
  });

  it("a handler's prepared statement runs in the batch's transaction, after the writes it queued", async () => {
    const seen: string[] = [];
    const preparing: Projection = {
      name: kit.name,
      tables: ['things'],
      follows: [
        on<AnyEvent>('thing', [kit.added], async (event, { write, prepared }) => {
          const data = event.data as { id: string; name: string };
          await write('INSERT INTO things (id, name) VALUES ($1, $2)', [data.id, data.name]);
          const [row] = await prepared<{ name: string }>('SELECT name FROM things WHERE id = $1', [data.id]);
          seen.push(row?.name);
          await prepared('UPDATE things SET renamed = renamed + 1 WHERE id = $1', [data.id]);
          if (failOn.has(event.id)) throw new Error('projection exploded');
        }),
      ],
    };
    const [kept, dropped] = [randomUUID(), randomUUID()];
    const first = await store.append(`thing-${kept}`, [add('kept', kept)], 'no_stream');
    await catchUp(first.position, newRunner(preparing));
    const failing = add('dropped', dropped);
    failOn.add(failing.id);
    await store.append(`thing-${dropped}`, [failing], 'no_stream');
    const failingRunner = newRunner(preparing);
    let failure: unknown = null;
    await waitUntil(
      async () =>
        (failure = await failingRunner.catchUp().then(
          () => null,
          (error) => error,
        )) !== null,
      10000,
      'the batch to fail',
    );
    expect(String(failure)).toContain('projection exploded');

    // Each read saw its own batch's queued insert; the failed batch's prepared update rolled back with it.
    expect(seen).toEqual(['kept', 'dropped']);
    expect(await rows()).toEqual([{ id: kept, name: 'kept', renamed: 1 }]);
  });

  it('two runners on the same read model never apply an event twice', async () => {
    const id = randomUUID();
    await store.append(`thing-${id}`, [add('counted', id)], 'no_stream');
    let last: Position = START;
    for (let i = 0; i < 40; i++) last = (await store.append(`thing-${id}`, [rename(id, `r${i}`)], 'any')).position;
    const second = newRunner();
    await Promise.all([runner.catchUp(), second.catchUp(), runner.catchUp(), second.catchUp()]);
    await catchUp(last);
    expect(await rows()).toEqual([{ id, name: 'r39', renamed: 40 }]);
  });
});

/**
 * A facility's verification rejection and a bid's FacilityRejected (the facility turned the bid
 * down) once shared a type name. Each read model must move past the events of streams it does not
 * model instead of failing on them, or it stops for good at the first such event. Each test gets
 * a log of its own.
 */
describe('product projections and events of other streams', () => {
  let database: TestDatabase;
  let db: DataSource;
  let store: EventStore;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 4);
    store = new PostgresEventStore(database.url);
  });

  afterEach(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  const at = () => new Date().toISOString();

  /** Runs catchUp until every projection's checkpoint passed `position`; fails on the first error. */
  async function catchUpAll(projections: Projection[], position: Position): Promise<void> {
    const runner = new ProjectionRunner(db, store, projections, null);
    await waitUntil(
      async () => {
        await runner.catchUp();
        for (const projection of projections) {
          if (comparePositions(await readCheckpoint(db, projection.name), position) < 0) return false;
        }
        return true;
      },
      10000,
      `every projection to reach ${position}`,
    );
  }

  it("the facilities read model moves past a bid's FacilityRejected", async () => {
    const bidId = randomUUID();
    const userId = randomUUID();
    const facilityId = randomUUID();
    const appended = await store.append(
      `bid-${bidId}`,
      [
        {
          type: 'BidSubmitted',
          data: {
            bid_id: bidId,
            job_posting_id: randomUUID(),
            applicant_id: randomUUID(),
            applicant_user_id: randomUUID(),
            facility_id: facilityId,
            proposed_rate: 200,
            submitted_at: at(),
            user_id: userId,
            at: at(),
          },
        },
        { type: 'FacilityRejected', data: { user_id: userId, at: at() } },
      ],
      'no_stream',
    );
    await catchUpAll([facilitiesProjection], appended.position);
    expect(await db.query('SELECT count(*)::int AS n FROM facilities')).toEqual([{ n: 0 }]);
  });

  it("every product read model moves past a facility's verification rejection", async () => {
    const facilityId = randomUUID();
    const appended = await store.append(
      `facility-${facilityId}`,
      [
        {
          type: 'FacilityRegistered',
          data: {
            facility_id: facilityId,
            admin_user_id: randomUUID(),
            name: 'Rejected Clinic',
            facility_type: 'Clinic',
            npi: null,
            description: null,
            phone: null,
            website: null,
            address_line1: null,
            address_line2: null,
            city: 'Reno',
            state: 'NV',
            zip_code: null,
            at: at(),
          },
        },
        { type: 'FacilityVerificationRejected', data: { notes: 'License could not be confirmed', at: at() } },
      ],
      'no_stream',
    );
    await catchUpAll(allProjections, appended.position);
    expect(await db.query('SELECT verification_status FROM facilities WHERE id = $1', [facilityId])).toEqual([
      { verification_status: 'rejected' },
    ]);
  });
});

describe('projections inside the running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const metadata = { actor: { user_id: null, side: 'system' as const, name: 'projection test' } };
  const profile = (name: string) => ({
    name,
    facility_type: 'Hospital',
    npi: null,
    description: null,
    phone: null,
    website: null,
    address_line1: '1 Main St',
    address_line2: null,
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
  });
  const register = (id: string, name: string) =>
    t.app.get(CommandBus).append(
      `facility-${id}`,
      [
        {
          type: 'FacilityRegistered',
          data: { ...profile(name), facility_id: id, admin_user_id: randomUUID(), at: new Date().toISOString() },
        },
      ],
      'no_stream',
      metadata,
    );

  it('a FacilityRegistered appended through the CommandBus is in the facilities table when append returns', async () => {
    for (let i = 0; i < 5; i++) {
      const id = randomUUID();
      const position: Position = await register(id, `Read-your-writes ${i}`);
      expect(await t.db.query('SELECT name FROM facilities WHERE id = $1', [id])).toEqual([{ name: `Read-your-writes ${i}` }]);
      expect(await readCheckpoint(t.db, 'facilities')).not.toBe(START);
      expect(position).toMatch(/^\d+:\d+$/);
    }
  });

  it('rebuilding the app projections from the log reproduces identical facilities rows', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await register(a, 'Rebuild General');
    await register(b, 'Rebuild Surgical');
    const bus = t.app.get(CommandBus);
    const at = () => new Date().toISOString();
    await bus.append(`facility-${a}`, [{ type: 'FacilityProfileUpdated', data: { phone: '512-555-0100', at: at() } }], 0, metadata);
    await bus.append(`facility-${a}`, [{ type: 'FacilityVerified', data: { notes: 'Checked the NPI', at: at() } }], 1, metadata);
    await bus.append(`facility-${a}`, [{ type: 'PostingCreditAdded', data: { credits: 1, at: at() } }], 2, metadata);
    await bus.append(`facility-${a}`, [{ type: 'PostingCreditAdded', data: { credits: 1, at: at() } }], 3, metadata);
    await bus.append(
      `facility-${b}`,
      [{ type: 'FacilityVerificationRejected', data: { notes: 'No license on file', at: at() } }],
      0,
      metadata,
    );

    const snapshot = () => t.db.query('SELECT * FROM facilities ORDER BY id');
    const before = await snapshot();
    expect(before.find((row: { id: string }) => row.id === a)).toMatchObject({
      phone: '512-555-0100',
      verification_status: 'verified',
      posting_credits: 2,
    });

    await t.db.query("UPDATE facilities SET name = 'tampered', posting_credits = 42 WHERE id = $1", [a]);
    await t.db.query('DELETE FROM facilities WHERE id = $1', [b]);

    // What `npm run projections:rebuild` does (server/src/platform/read-models/rebuild.ts), while the app's runner keeps running.
    const pushes: Push[] = [];
    const rebuilder = new ProjectionRunner(t.db, t.app.get<EventStore>(EVENT_STORE), allProjections, {
      publish: (push) => pushes.push(push),
    });
    await rebuilder.rebuild();

    expect(await snapshot()).toEqual(before);
    expect(pushes).toEqual([]);
  });
});
