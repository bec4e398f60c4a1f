import { Pool } from 'pg';
import { executePrepared } from '../../../server/src/database/named-statements';
import { createTestDatabase, TestDatabase } from '../../support/database';

/**
 * executePrepared: the statements of a command's append as EXECUTEs of statements its
 * connection prepared once. One connection here, so the test sees what that connection holds.
 */
describe('executePrepared', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 1 });
    await pool.query('CREATE TABLE tallies (id integer PRIMARY KEY, label text, at timestamptz)');
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const insert = (id: number, label: string | null) => ({
    sql: 'INSERT INTO tallies (id, label, at) VALUES ($1, $2, $3) RETURNING id, label, at',
    values: [id, label, new Date('2026-11-25T06:00:00.000Z')],
  });
  const count = { sql: 'SELECT count(*)::int AS n FROM tallies WHERE id >= $1', values: [0] };
  const prepared = async () =>
    (await pool.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE from_sql ORDER BY statement')).rows.length;

  it('answers each statement its rows, preparing each text once per connection', async () => {
    const first = await executePrepared(pool, [insert(1, "O'Brien $1"), count]);
    expect(first.map((result) => result.rows)).toEqual([
      [{ id: 1, label: "O'Brien $1", at: new Date('2026-11-25T06:00:00.000Z') }],
      [{ n: 1 }],
    ]);
    const second = await executePrepared(pool, [insert(2, null), insert(3, 'three'), count]);
    expect(second.map((result) => result.rows)).toEqual([
      [{ id: 2, label: null, at: new Date('2026-11-25T06:00:00.000Z') }],
      [{ id: 3, label: 'three', at: new Date('2026-11-25T06:00:00.000Z') }],
      [{ n: 3 }],
    ]);
    expect(await prepared()).toBe(2);
  });

  it('rolls a failing call back whole, and the connection goes on with what it prepared', async () => {
    const before = await prepared();
    // The new text is prepared, then its call fails on the key: nothing of it stays.
    const failing = [{ sql: 'INSERT INTO tallies (id, label) VALUES ($1, $2)', values: [10, 'ten'] }, insert(1, 'again')];
    await expect(executePrepared(pool, failing)).rejects.toMatchObject({ code: '23505' });
    expect((await pool.query('SELECT id FROM tallies WHERE id = 10')).rows).toEqual([]);
    expect(await prepared()).toBe(before + 1);

    const retried = await executePrepared(pool, [{ sql: 'INSERT INTO tallies (id, label) VALUES ($1, $2)', values: [10, 'ten'] }, count]);
    expect(retried.map((result) => result.rowCount)).toEqual([1, 1]);
  });

  it('a text that cannot be prepared leaves the texts prepared before it usable', async () => {
    const first = { sql: 'SELECT label FROM tallies WHERE id = $1', values: [1] };
    const broken = { sql: 'SELECT label FROM no_such_table WHERE id = $1', values: [1] };
    await expect(executePrepared(pool, [first, broken])).rejects.toMatchObject({ code: '42P01' });

    const again = await executePrepared(pool, [first, count]);
    expect(again.map((result) => result.rows)).toEqual([[{ label: "O'Brien $1" }], [{ n: 4 }]]);
  });

  it('refuses a statement short of values before anything reaches Postgres, each time it is sent', async () => {
    const before = await prepared();
    const short = { sql: 'INSERT INTO tallies (id, label, at) VALUES ($1, $2, $3)', values: [20, 'twenty'] };
    for (let call = 1; call <= 2; call++) {
      await expect(executePrepared(pool, [count, short])).rejects.toThrow('No value for $3 in: INSERT INTO tallies');
    }
    expect(await prepared()).toBe(before);
    expect((await pool.query('SELECT id FROM tallies WHERE id = 20')).rows).toEqual([]);
  });

  it('stores text with quotes, backslashes and JSON escapes exactly as sent', async () => {
    const label = 'C:\\new \\\' O\'Brien {"say":"\\"hi\\"\\n"} ünïcødé';
    const [stored] = await executePrepared(pool, [
      { sql: 'INSERT INTO tallies (id, label) VALUES ($1, $2) RETURNING label', values: [30, label] },
    ]);
    expect(stored.rows).toEqual([{ label }]);
  });
});
