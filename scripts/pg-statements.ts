import { Client } from 'pg';

/**
 * Calls `onStatement` with the text of every statement this process sends through `pg` (pools,
 * TypeORM and LISTEN connections alike) until the returned function restores `Client#query`.
 * Shared by the benches' SQL counter and the tests that count statements.
 */
export function watchStatements(onStatement: (text: string) => void): () => void {
  const query: (...args: unknown[]) => unknown = Client.prototype.query;
  Object.defineProperty(Client.prototype, 'query', {
    configurable: true,
    writable: true,
    value: function watched(this: Client, ...args: unknown[]) {
      onStatement(statementText(args[0]));
      return query.apply(this, args);
    },
  });
  return () => Object.defineProperty(Client.prototype, 'query', { configurable: true, writable: true, value: query });
}

/** A query's text, whether it was passed as a string or as a config object. */
function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  return typeof config === 'object' && config && 'text' in config ? String(config.text) : '';
}
