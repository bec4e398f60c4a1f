/**
 * SQL built from named columns, so a statement's placeholders always match its values.
 * Column names come from the projections' own constants, never from event data.
 */
type Row = Record<string, unknown>;

/** `INSERT INTO table (a, b) VALUES ($1, $2) <tail>` and its values. */
export function insertRow(table: string, row: Row, tail = ''): [string, unknown[]] {
  const columns = Object.keys(row);
  const placeholders = columns.map((_, i) => `$${i + 1}`);
  return [`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) ${tail}`.trim(), Object.values(row)];
}

/** `UPDATE table SET a = $2, b = $3 WHERE id = $1` and its values. */
export function updateRow(table: string, id: string, changes: Row): [string, unknown[]] {
  const columns = Object.keys(changes);
  const assignments = columns.map((column, i) => `${column} = $${i + 2}`);
  return [`UPDATE ${table} SET ${assignments.join(', ')} WHERE id = $1`, [id, ...Object.values(changes)]];
}
