import type { DataSource, QueryRunner } from 'typeorm';
import { openDatabase } from '../../../server/src/database/database';
import type { PgClient } from '../../../server/src/platform/read-models/copy-rows';
import type { FoldedRows, Row } from '../../../server/src/platform/read-models/folded-table';
import { REBUILD_SCHEMA, RefusedRow, WRITE_CHUNK, writeRows } from '../../../server/src/platform/read-models/shadow-tables';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/**
 * A rebuild writes each folded table with one COPY whose text is made a chunk at a time. Every
 * row must arrive, in order and as written, and a row the database refuses must still be named.
 */
describe("a rebuild's bulk write of a folded table", () => {
  let database: TestDatabase;
  let db: DataSource;
  let runner: QueryRunner;

  const rows = (count: number): Row[] =>
    Array.from({ length: count }, (_, n) => ({ n, label: `row ${n}\twith a tab\nand a line`, doc: { n, note: 'back\\slash' } }));
  const folded = (all: Row[]): FoldedRows => ({ name: 'scratch', size: all.length, all: () => all, origin: () => undefined });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 2);
    runner = db.createQueryRunner();
    await db.query(`CREATE SCHEMA ${REBUILD_SCHEMA}`);
  });

  beforeEach(async () => {
    await db.query(`DROP TABLE IF EXISTS ${REBUILD_SCHEMA}.scratch`);
    await db.query(`CREATE TABLE ${REBUILD_SCHEMA}.scratch (n int PRIMARY KEY, label text NOT NULL, doc jsonb NOT NULL)`);
  });

  afterAll(async () => {
    await runner?.release();
    await db?.destroy();
    await database?.drop();
  });

  const write = async (all: Row[]) => writeRows(db, (await runner.connect()) as PgClient, folded(all));

  it('writes every row of several chunks, each value as it was', async () => {
    const all = rows(2 * WRITE_CHUNK + 1);

    await write(all);

    const written: Row[] = await db.query(`SELECT n, label, doc FROM ${REBUILD_SCHEMA}.scratch ORDER BY n`);
    expect(written).toHaveLength(all.length);
    expect(written[0]).toEqual(all[0]);
    expect(written[WRITE_CHUNK]).toEqual(all[WRITE_CHUNK]);
    expect(written.at(-1)).toEqual(all.at(-1));
  });

  it('names the row the database refused in a later chunk, and why', async () => {
    const all = rows(2 * WRITE_CHUNK);
    const refused = { n: 3_000_000_000, label: 'too large for an int', doc: {} };
    all.splice(WRITE_CHUNK + 321, 0, refused);

    const failure = await write(all).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(RefusedRow);
    expect((failure as RefusedRow).row).toBe(refused);
    expect((failure as RefusedRow).message).toMatch(/out of range/);
  });
});
