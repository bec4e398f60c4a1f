import { QueryRunnerAlreadyReleasedError, type DataSource, type EntityManager } from 'typeorm';
import { openDatabase } from '../../../server/src/database/database';
import { queryNamed } from '../../../server/src/database/named-statements';
import { createTestDatabase, TestDatabase } from '../../support/database';

/** queryNamed on a transaction's entity manager: the follower batches' checkpoints and lookups. */
describe('queryNamed', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 2);
    await db.query('CREATE TABLE named_things (id integer PRIMARY KEY, name text NOT NULL)');
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("runs on the transaction's own connection, and answers rows for an UPDATE too", async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO named_things (id, name) VALUES (1, $1)', ['uncommitted']);
      const [row] = await queryNamed<{ name: string }>(tx, 'SELECT name FROM named_things WHERE id = $1', [1]);
      const updated = await queryNamed<{ id: number }>(tx, 'UPDATE named_things SET name = $2 WHERE id = $1 RETURNING id', [1, 'renamed']);
      return { name: row?.name, updated };
    });
    expect(seen).toEqual({ name: 'uncommitted', updated: [{ id: 1 }] });
    expect(await queryNamed(db, 'SELECT name FROM named_things WHERE id = $1', [1])).toEqual([{ name: 'renamed' }]);
  });

  it('refuses a transaction that has ended instead of taking a connection it would never give back', async () => {
    let ended: EntityManager | null = null;
    await db.transaction(async (tx) => void (ended = tx));
    await expect(queryNamed(ended!, 'SELECT name FROM named_things WHERE id = $1', [1])).rejects.toThrow(QueryRunnerAlreadyReleasedError);
  });
});
