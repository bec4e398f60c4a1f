/**
 * Preloaded into the server by `npm run bench:commands` (node --require, with SQL_COUNT=1 and an
 * IPC channel): counts every statement the process sends through `pg` (pools, TypeORM and the
 * LISTEN connection alike) and answers the running total when the bench asks ('sql-count'), so it
 * can report statements per command and per idle second without pg_stat_statements (which needs
 * a server restart). Nothing is written while the load runs: a count file rewritten every 100 ms
 * cost the measured server about 1 % of its CPU.
 */
import { writeFileSync } from 'node:fs';
import { watchStatements } from './pg-statements';

/** With SQL_COUNT_DETAIL=<file>, the statements are also tallied by their first words (rewritten each second). */
const detail = process.env.SQL_COUNT_DETAIL;
const tally = new Map<string, number>();

/** The start of a statement's text, whitespace collapsed: enough to tell statements apart. */
const shape = (text: string) => (text || '?').replace(/\s+/g, ' ').trim().slice(0, 90);

if (process.env.SQL_COUNT && process.send) {
  let count = 0;
  watchStatements((text) => {
    count += 1;
    if (!detail) return;
    const key = shape(text);
    tally.set(key, (tally.get(key) ?? 0) + 1);
  });
  process.on('message', (message) => {
    if (message === 'sql-count') process.send?.({ sqlCount: count });
  });
  if (detail) {
    // Every second rather than at exit: Nest ends the process by re-raising SIGTERM, without 'exit'.
    let tallied = -1;
    setInterval(() => {
      if (count === tallied) return;
      tallied = count;
      const lines = [...tally].sort((a, b) => b[1] - a[1]).map(([text, n]) => `${String(n).padStart(8)}  ${text}`);
      writeFileSync(detail, `${lines.join('\n')}\n`);
    }, 1000).unref();
  }
}
