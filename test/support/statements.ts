import { Client } from 'pg';

/**
 * Counts the statements every pg client of this process sends (those whose text includes
 * `containing`, when given) until `stop()`, which answers the count.
 */
export function countStatements(containing?: string): { count(): number; stop(): number } {
  const query: (...args: unknown[]) => unknown = Client.prototype.query;
  let count = 0;
  Object.defineProperty(Client.prototype, 'query', {
    configurable: true,
    writable: true,
    value: function counted(this: Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string } | undefined;
      const text = typeof config === 'string' ? config : (config?.text ?? '');
      if (!containing || text.includes(containing)) count += 1;
      return query.apply(this, args);
    },
  });
  return {
    count: () => count,
    stop: () => {
      Object.defineProperty(Client.prototype, 'query', { configurable: true, writable: true, value: query });
      return count;
    },
  };
}
