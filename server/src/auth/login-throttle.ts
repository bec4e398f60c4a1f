import type { DataSource } from 'typeorm';

const WINDOW_MINUTES = 15;

/**
 * Many people can share one client address (a hospital network, an office NAT, a proxy), so an
 * address may fail this many times more than a single email before it is refused too.
 */
const ADDRESS_FACTOR = 10;

/**
 * Counts failed sign-ins per email and per client address in Postgres (so it holds across
 * instances and survives a Redis outage). After `limit` failures for one email (or
 * `limit * ADDRESS_FACTOR` from one address) within 15 minutes, further attempts are refused
 * until the window passes.
 */
export class LoginThrottle {
  constructor(
    private readonly db: DataSource,
    private readonly limit: number,
  ) {}

  static keys(email: string, address: string): string[] {
    return [`email:${email.toLowerCase()}`, `ip:${address}`];
  }

  async isBlocked(keys: string[]): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM login_failures
        WHERE key = ANY($1)
          AND failures >= CASE WHEN key LIKE 'ip:%' THEN $2::int * ${ADDRESS_FACTOR} ELSE $2::int END
          AND first_failed_at > now() - interval '${WINDOW_MINUTES} minutes' LIMIT 1`,
      [keys, this.limit],
    );
    return rows.length > 0;
  }

  async recordFailure(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.db.query(
        `INSERT INTO login_failures (key, failures, first_failed_at) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN login_failures.first_failed_at > now() - interval '${WINDOW_MINUTES} minutes' THEN login_failures.failures + 1 ELSE 1 END,
           first_failed_at = CASE WHEN login_failures.first_failed_at > now() - interval '${WINDOW_MINUTES} minutes' THEN login_failures.first_failed_at ELSE now() END`,
        [key],
      );
    }
  }

  async clear(email: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [`email:${email.toLowerCase()}`]);
  }
}

export const TOO_MANY_ATTEMPTS = `Too many failed sign-in attempts. Please wait ${WINDOW_MINUTES} minutes, or reset your password.`;
