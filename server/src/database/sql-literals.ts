import { prepareValue } from 'pg/lib/utils';

/**
 * A parameterized statement with its values written in as literals, so several statements can
 * travel in one simple-protocol message: one round trip, run as one implicit transaction. (The
 * extended protocol that carries parameters takes node-postgres a round trip per statement, and
 * in this VM each costs the sender ~0.2 ms of CPU.) Values pass through node-postgres's own
 * serialization (dates, arrays, JSON) and escaping, so the server reads what it would have read
 * as parameters: quoted literals of unknown type, resolved by their context like parameters are.
 */
export function withLiterals(sql: string, values: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, number: string) => {
    const index = Number(number) - 1;
    if (index >= values.length) throw new RangeError(`No value for $${number} in: ${sql.slice(0, 80)}`);
    return literal(values[index]);
  });
}

/** A value as a quoted literal of unknown type (NULL for null), as withLiterals writes it. */
export function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return 'NULL';
  if (typeof prepared !== 'string') throw new TypeError('Binary values cannot be written as literals');
  return quoted(prepared);
}

/**
 * Text as a string literal, exactly as libpq's PQescapeLiteral and pg's escapeLiteral write it:
 * quotes and backslashes doubled, and an E'' string where there is a backslash. pg's copies the
 * text a character at a time, a string object per character: for the events' JSON that was the
 * largest share of a bid command's garbage.
 */
function quoted(text: string): string {
  const escaped = `'${text.replace(/['\\]/g, '$&$&')}'`;
  return text.includes('\\') ? ` E${escaped}` : escaped;
}

/** A statement's parameters numbered after `offset` others ($1 becomes $<offset + 1>), to run it inside a larger statement. */
export function renumbered(sql: string, offset: number): string {
  return sql.replace(/\$(\d+)/g, (_, number: string) => `$${Number(number) + offset}`);
}
