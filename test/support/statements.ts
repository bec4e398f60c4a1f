import { watchStatements } from '../../scripts/pg-statements';

/**
 * Counts the statements every pg client of this process sends (those whose text includes
 * `containing`, when given) until `stop()`, which answers the count.
 */
export function countStatements(containing?: string): { count(): number; stop(): number } {
  let count = 0;
  const restore = watchStatements((text) => {
    if (!containing || text.includes(containing)) count += 1;
  });
  return {
    count: () => count,
    stop: () => {
      restore();
      return count;
    },
  };
}
