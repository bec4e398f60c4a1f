import { escapeLiteral } from 'pg';
import { literal, renumbered, withLiterals } from '../../../server/src/database/sql-literals';

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

describe('literal', () => {
  it('quotes text exactly as pg (and libpq) do: quotes and backslashes doubled, E-string with a backslash', () => {
    const texts = [
      '',
      'plain',
      "O'Brien",
      "''",
      '\\',
      'C:\\temp\\new',
      "it's a \\ mix '\\'",
      '{"note":"say \\"hi\\""}',
      'día ünïcødé 🎉',
      '$1 -- ;',
    ];
    for (const text of texts) expect(literal(text)).toBe(escapeLiteral(text));
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal('a\\b')).toBe(" E'a\\\\b'");
  });

  it('agrees with pg on every mix of quotes, backslashes and letters up to four characters', () => {
    const alphabet = ["'", '\\', 'a', '"'];
    let texts = [''];
    for (let length = 1; length <= 4; length++) {
      texts = texts.flatMap((text) => alphabet.map((character) => text + character));
      for (const text of texts) expect(literal(text)).toBe(escapeLiteral(text));
    }
  });

  it('writes values through pg’s own serialization first', () => {
    expect(literal(null)).toBe('NULL');
    expect(literal(7)).toBe("'7'");
    expect(literal(['a', "b'c"])).toBe(escapeLiteral('{"a","b\'c"}'));
  });
});
