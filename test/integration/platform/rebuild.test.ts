import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { allProjections } from '../../../projections';
import { appendLog, generateLog } from '../../../scripts/event-log';
import { openDatabase } from '../../../server/src/database/database';
import { PostgresEventStore } from '../../../server/src/eventstore';
import { ProjectionRunner } from '../../../server/src/platform/read-models/projection-runner';
import { rebuildReadModels } from '../../../server/src/platform/read-models/rebuild';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { checkpoints, logHead, READ_MODEL_TABLES, readModelRows, readModelsAtHead, readModelStructure } from './rebuild-support';

jest.setTimeout(180_000);

/**
 * A rebuild folds the log in memory and bulk-writes fresh tables; the live runner applies events
 * one by one with SQL. Both must leave exactly the same rows in every read-model table.
 */
describe('rebuilding the read models from a generated log', () => {
  let database: TestDatabase;
  let db: DataSource;
  let store: PostgresEventStore;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 8);
    store = new PostgresEventStore(database.url);
    client = new Client({ connectionString: database.url });
    await client.connect();
    // Every kind of event the product records, interleaved across streams.
    await appendLog(client, generateLog(4_000, 7));
    // Text the bulk write must escape (tabs, line breaks, backslashes, quotes), in a column and inside JSON.
    const awkward = 'Tab\there, "quoted" \\ back\\slash\r\nnext line \\N ü';
    const id = randomUUID();
    const address = { website: null, address_line1: awkward, address_line2: null, city: 'Reno', state: 'NV', zip_code: null };
    const profile = { name: awkward, facility_type: 'Clinic', npi: null, description: `${awkward}\n\t`, phone: null };
    const data = { ...profile, ...address, facility_id: id, admin_user_id: randomUUID(), at: new Date().toISOString() };
    await store.append(`facility-${id}`, [{ type: 'FacilityRegistered', data }], 'no_stream');
  });

  afterAll(async () => {
    await client?.end();
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('the rebuilt tables hold row for row what the incremental runner wrote, with the same indexes and constraints', async () => {
    const runner = new ProjectionRunner(db, store, allProjections, null);
    const head = await readModelsAtHead(db, () => runner.catchUp());
    const incremental = await readModelRows(db);
    for (const table of READ_MODEL_TABLES) expect({ table, rows: incremental[table].length }).toEqual({ table, rows: expect.any(Number) });
    // Not vacuous: every table has rows (postings with bids, team members, invitations...).
    expect(READ_MODEL_TABLES.filter((table) => incremental[table].length === 0)).toEqual([]);
    const structure = await readModelStructure(db);

    const outcome = await rebuildReadModels(db, store, allProjections);

    expect(outcome).toMatchObject({ events: 4_001, head, caughtUp: 0 });
    const rebuilt = await readModelRows(db);
    for (const table of READ_MODEL_TABLES) expect({ table, rows: rebuilt[table] }).toEqual({ table, rows: incremental[table] });
    expect(await readModelStructure(db)).toEqual(structure);
    // The documents' statistics stay off (a migration's choice), so the rebuild's ANALYZE skips them.
    expect(structure.statistics).toEqual([
      { table: 'audit_log', column: 'data', target: 0 },
      { table: 'bid_postings', column: 'state', target: 0 },
      { table: 'posting_bid_states', column: 'state', target: 0 },
    ]);
    expect(await db.query(`SELECT attname FROM pg_stats WHERE tablename = 'audit_log' AND attname = 'data'`)).toEqual([]);
    expect(await checkpoints(db)).toEqual(allProjections.map(() => head));
    expect(await db.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'read_model_rebuild'`)).toEqual([]);
  });

  it('triggers, foreign keys, owned sequences, grants and statistics targets of read-model tables survive the swap', async () => {
    await db.query(`CREATE TABLE facility_notes (facility_id uuid NOT NULL REFERENCES facilities (id), note text)`);
    await db.query(
      `ALTER TABLE job_postings ADD CONSTRAINT job_postings_facility FOREIGN KEY (facility_id) REFERENCES posting_facilities (id)`,
    );
    await db.query(`ALTER TABLE posting_facilities ADD COLUMN seen serial`);
    await db.query(`GRANT SELECT ON job_postings TO PUBLIC`);
    await db.query(`ALTER TABLE job_postings ALTER COLUMN title SET STATISTICS 500`);
    await db.query(`CREATE FUNCTION notify_posting() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('posting_changed', NEW.id::text); RETURN NEW; END $$`);
    await db.query(`CREATE TRIGGER posting_changed AFTER UPDATE ON job_postings FOR EACH ROW EXECUTE FUNCTION notify_posting()`);
    const [facility] = await db.query('SELECT id FROM facilities LIMIT 1');
    await db.query('INSERT INTO facility_notes (facility_id, note) VALUES ($1, $2)', [facility.id, 'kept']);
    const structure = await readModelStructure(db);

    await rebuildReadModels(db, store, allProjections);

    expect(await readModelStructure(db)).toEqual(structure);
    expect(structure.statistics).toContainEqual({ table: 'job_postings', column: 'title', target: 500 });
    // The foreign key points at the new facilities table and still holds.
    await expect(db.query('INSERT INTO facility_notes (facility_id) VALUES (gen_random_uuid())')).rejects.toThrow(/foreign key/);
    expect(await db.query('SELECT note FROM facility_notes')).toEqual([{ note: 'kept' }]);
    // A key between two read-model tables joins the two new tables.
    const [key] = await db.query(`SELECT confrelid::regclass::text AS target FROM pg_constraint WHERE conname = 'job_postings_facility'`);
    expect(key).toEqual({ target: 'posting_facilities' });
    // The serial column's sequence is still owned by it, and still counts on.
    const [{ sequence }] = await db.query(`SELECT pg_get_serial_sequence('posting_facilities', 'seen') AS sequence`);
    expect(sequence).toBe('public.posting_facilities_seen_seq');
    expect(await db.query('SELECT count(DISTINCT seen)::int = count(*)::int AS distinct FROM posting_facilities')).toEqual([
      { distinct: true },
    ]);
    expect(await db.query(`SELECT has_table_privilege('public', 'job_postings', 'SELECT') AS granted`)).toEqual([{ granted: true }]);
    // The trigger fires on the new table.
    const heard: string[] = [];
    client.on('notification', (message) => heard.push(message.payload ?? ''));
    await client.query('LISTEN posting_changed');
    const [posting] = await db.query('SELECT id FROM job_postings LIMIT 1');
    await db.query('UPDATE job_postings SET updated_at = updated_at WHERE id = $1', [posting.id]);
    const deadline = Date.now() + 10_000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([posting.id]);
    // A serial column numbers rows in the order they are written, which differs between a
    // rebuild and the live runner: the tests below compare rows, so it goes.
    await db.query('ALTER TABLE posting_facilities DROP COLUMN seen');
  });

  it('a second rebuild at the same time is refused and changes nothing', async () => {
    const before = await logHead(db);
    const [first, second] = await Promise.allSettled([
      rebuildReadModels(db, store, allProjections),
      rebuildReadModels(db, store, allProjections),
    ]);
    const outcomes = [first, second].map((result) => result.status);
    expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
    const refused = [first, second].find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toContain('Another rebuild is running');
    expect(await checkpoints(db)).toEqual(allProjections.map(() => before));
  });

  it('loses and doubles nothing while writers keep appending and the live runner keeps applying', async () => {
    // Enough history that the rebuild takes a while; a first rebuild brings the read models to it.
    await appendLog(client, generateLog(20_000, 11, Date.now()));
    await rebuildReadModels(db, store, allProjections);
    const live = new ProjectionRunner(db, store, allProjections, null);
    live.start();
    try {
      const [facility] = await db.query(`SELECT id FROM facilities WHERE verification_status = 'verified' LIMIT 1`);
      const writers = new Writers(store, facility.id);
      const writing = writers.run();
      while (writers.registered.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      const before = writers.registered.length;
      // A fast rebuild may find nothing appended between its replay and its swap: rebuild again
      // (up to five times) until one had to catch up at the swap.
      let caughtUp = 0;
      for (let rebuilds = 0; rebuilds < 5 && caughtUp === 0; rebuilds++)
        caughtUp = (await rebuildReadModels(db, store, allProjections)).caughtUp;
      const after = writers.registered.length;
      await writers.stop(writing);

      // The writers overlapped the rebuilds, and what they appended meanwhile was applied at the swap.
      expect(after).toBeGreaterThan(before);
      expect(caughtUp).toBeGreaterThan(0);
      await readModelsAtHead(db);
      const [credits] = await db.query('SELECT posting_credits FROM facilities WHERE id = $1', [facility.id]);
      const [{ balance }] = await db.query(
        `SELECT sum(CASE type WHEN 'PostingCreditAdded' THEN 1 ELSE -1 END)::int AS balance
           FROM events WHERE stream_id = $1 AND type IN ('PostingCreditAdded', 'PostingCreditRemoved', 'PostingCreditConsumed')`,
        [`facility-${facility.id}`],
      );
      expect(credits).toEqual({ posting_credits: balance });
      for (const table of ['facilities', 'posting_facilities', 'bid_facilities']) {
        const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1)`, [writers.registered]);
        expect({ table, n }).toEqual({ table, n: writers.registered.length });
      }
      const [{ n: members }] = await db.query('SELECT count(*)::int AS n FROM facility_member_list WHERE facility_id = ANY($1)', [
        writers.registered,
      ]);
      expect(members).toBe(writers.registered.length);
      // Everything equals a rebuild made with nobody writing.
      const applied = await readModelRows(db);
      await live.stop();
      await rebuildReadModels(db, store, allProjections);
      expect(await readModelRows(db)).toEqual(applied);
    } finally {
      await live.stop();
    }
  });
});

/** Appends as commands would, until stopped: credits on one facility (a double apply would show) and new facilities. */
class Writers {
  readonly registered: string[] = [];
  private writing = true;

  constructor(
    private readonly store: PostgresEventStore,
    private readonly facilityId: string,
  ) {}

  async run(): Promise<void> {
    while (this.writing) {
      const at = new Date().toISOString();
      await this.store.append(`facility-${this.facilityId}`, [{ type: 'PostingCreditAdded', data: { credits: 1, at } }], 'any');
      const id = randomUUID();
      const profile = { name: `Concurrent ${this.registered.length}`, facility_type: 'Clinic', npi: null, description: null, phone: null };
      const address = { website: null, address_line1: null, address_line2: null, city: 'Reno', state: 'NV', zip_code: null };
      const data = { ...profile, ...address, facility_id: id, admin_user_id: randomUUID(), at };
      await this.store.append(`facility-${id}`, [{ type: 'FacilityRegistered', data }], 'no_stream');
      this.registered.push(id);
    }
  }

  async stop(running: Promise<void>): Promise<void> {
    this.writing = false;
    await running;
  }
}
