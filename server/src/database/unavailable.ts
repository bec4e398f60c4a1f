/**
 * Postgres could not serve the request now, though nothing is wrong with it: no pooled connection
 * came free in time (the server is saturated), or the connection was closed under the query (a
 * restart, a failover, an operator's terminate). The caller may try again; the HTTP answer is
 * 503 with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    // pg-pool's and pg's own errors carry no code: their messages are all there is.
    if (UNAVAILABLE_MESSAGES.has(cause.message)) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // TypeORM wraps the driver's error (QueryFailedError.driverError).
    cause = (cause as { driverError?: unknown }).driverError ?? cause.cause;
  }
  return false;
}

const UNAVAILABLE_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
]);

/** SQLSTATEs of a server shutting down, restarting or full, and the socket errors of one that is gone. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET']);
