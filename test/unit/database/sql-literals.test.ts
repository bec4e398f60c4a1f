import { renumbered, withLiterals } from '../../../server/src/database/sql-literals';

describe('renumbered', () => {
  it('numbers a statement’s parameters after those of the statement it joins', () => {
    expect(renumbered('SELECT v FROM t WHERE a = $1 AND b = $2 OR c = $1', 3)).toBe('SELECT v FROM t WHERE a = $4 AND b = $5 OR c = $4');
  });

  it('reads $10 as the tenth parameter, not the first followed by a zero', () => {
    expect(renumbered('SELECT $10, $1', 2)).toBe('SELECT $12, $3');
  });

  it('leaves the values where the larger statement puts them', () => {
    const outer = ['x', 'y'];
    const inner = { sql: 'SELECT $1::text, $2::int', values: ['z', 7] };
    expect(withLiterals(`SELECT $1, $2, (${renumbered(inner.sql, outer.length)})`, [...outer, ...inner.values])).toBe(
      "SELECT 'x', 'y', (SELECT 'z'::text, '7'::int)",
    );
  });
});
