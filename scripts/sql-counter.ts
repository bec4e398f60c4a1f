/**
 * Preloaded into the server by `npm run bench:commands` (node --require): counts every statement
 * the process sends through `pg` (pools, TypeORM and the LISTEN connection alike) and writes the
 * running total to SQL_COUNT_FILE a few times a second, so the bench can report statements per
 * command and per idle second without pg_stat_statements (which needs a server restart).
 */
import { writeFileSync } from 'node:fs';
import { watchStatements } from './pg-statements';

const file = process.env.SQL_COUNT_FILE;
/** With SQL_COUNT_DETAIL=<file>, the statements are also tallied by their first words (rewritten each second). */
const detail = process.env.SQL_COUNT_DETAIL;
const tally = new Map<string, number>();

/** The start of a statement's text, whitespace collapsed: enough to tell statements apart. */
const shape = (text: string) => (text || '?').replace(/\s+/g, ' ').trim().slice(0, 90);

if (file) {
  let count = 0;
  watchStatements((text) => {
    count += 1;
    if (!detail) return;
    const key = shape(text);
    tally.set(key, (tally.get(key) ?? 0) + 1);
  });
  let reported = -1;
  // Only when it changed: an idle server writes nothing either.
  const report = () => {
    if (count === reported) return;
    reported = count;
    writeFileSync(file, String(count));
  };
  setInterval(report, 100).unref();
  process.on('exit', report);
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
