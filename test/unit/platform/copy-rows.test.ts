import { copyText, type ColumnKind } from '../../../server/src/platform/read-models/copy-rows';

/**
 * The text a rebuild hands to `COPY ... FROM STDIN`: one line per row, tab between values, each
 * value as Postgres's text format reads it. A wrong escape here would shift or corrupt columns of
 * every rebuilt row, so the cases are pinned one by one (rebuild.test.ts checks them end to end).
 */
describe('copyText', () => {
  const line = (value: unknown, kind: ColumnKind = 'scalar') => copyText([{ value }], ['value'], [kind]);

  it('writes a row per line, its values in the columns order, tab-separated', () => {
    const rows = [
      { id: 'a', n: 1, ok: true },
      { n: 2, id: 'b', ok: false },
    ];
    expect(copyText(rows, ['id', 'n', 'ok'], ['scalar', 'scalar', 'scalar'])).toBe('a\t1\ttrue\nb\t2\tfalse\n');
  });

  it('writes null, undefined and a missing column as NULL, and no NaN or Infinity (JSON has none)', () => {
    expect(copyText([{ a: null, b: undefined }], ['a', 'b', 'c'], ['scalar', 'scalar', 'json'])).toBe('\\N\t\\N\t\\N\n');
    expect(line(Number.NaN)).toBe('\\N\n');
    expect(line(Number.POSITIVE_INFINITY)).toBe('\\N\n');
  });

  it('escapes backslashes, line breaks and tabs in text, and leaves everything else as it is', () => {
    expect(line('plain "quoted" ü')).toBe('plain "quoted" ü\n');
    expect(line('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re\n');
    // A value that reads like COPY's NULL marker stays text.
    expect(line('\\N')).toBe('\\\\N\n');
  });

  it('writes dates as ISO times and other objects of a scalar column as JSON', () => {
    expect(line(new Date('2026-11-29T04:00:00.000Z'))).toBe('2026-11-29T04:00:00.000Z\n');
    expect(line({ a: 1 })).toBe('{"a":1}\n');
  });

  it('writes a json column as JSON text, its backslashes doubled for COPY', () => {
    expect(line({ note: 'line\nbreak\ttab "q" back\\slash' }, 'json')).toBe(
      '{"note":"line\\\\nbreak\\\\ttab \\\\"q\\\\" back\\\\\\\\slash"}\n',
    );
    expect(line('text', 'json')).toBe('"text"\n');
    expect(line([1, 'two'], 'json')).toBe('[1,"two"]\n');
  });

  it('writes an array column as an array literal, its items quoted and nested arrays kept', () => {
    expect(line(['a', 'b "c"', 'd\\e', null], 'array')).toBe('{"a","b \\\\"c\\\\"","d\\\\\\\\e",NULL}\n');
    expect(
      line(
        [
          [1, 2],
          [3, 4],
        ],
        'array',
      ),
    ).toBe('{{"1","2"},{"3","4"}}\n');
    expect(line([], 'array')).toBe('{}\n');
  });
});
