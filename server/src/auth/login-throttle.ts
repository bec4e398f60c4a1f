import type { DataSource } from 'typeorm';

const WINDOW_MINUTES = 15;
const WINDOW = `interval '${WINDOW_MINUTES} minutes'`;

/**
 * Many people can share one client address (a hospital network, an office NAT, a proxy), so an
 * address may fail this many times more than a single email before it is refused too.
 */
const ADDRESS_FACTOR = 10;

/** How long a successful sign-in makes its address a known one for that email. */
const KNOWN_ADDRESS_DAYS = 30;

/**
 * Limits password guessing, counted in Postgres (so it holds across instances and survives a
 * Redis outage).
 *
 * Every attempt takes a ticket before its password is checked: one upsert increments the
 * email's and the address's counters and returns them, so concurrent attempts get distinct
 * numbers and a burst checks at most `limit` passwords per email; the rest are refused
 * unchecked. A failed attempt keeps its ticket (it is a failure); an attempt whose password was
 * right gives it back. Counts restart 15 minutes after an email's or address's first failure.
 *
 * Per address the limit is `limit * ADDRESS_FACTOR`, against one client spraying guesses over
 * many accounts. It does not apply to an email that signed in successfully from that same
 * address in the last 30 days: the colleagues behind a shared office address keep signing in
 * however many typos (or guesses) others make from it, while a sprayer, whose guesses are at
 * accounts that never signed in from its address, is stopped. (Exempting every account without
 * failures from the address instead would let a sprayer make one fresh guess per account
 * forever.) The per-email limit still applies to everyone.
 */
export class LoginThrottle {
  constructor(
    private readonly db: DataSource,
    private readonly limit: number,
  ) {}

  /**
   * Takes a ticket for one attempt: true when its password may be checked, false when the
   * email or the address is over its limit (answer 429 without checking).
   */
  async admit(email: string, address: string): Promise<boolean> {
    const [emailKey, addressKey] = keys(email, address);
    // One statement for both counters, always in the same key order, so concurrent attempts
    // neither race nor deadlock.
    const rows: { key: string; failures: number }[] = await this.db.query(
      `INSERT INTO login_failures (key, failures, first_failed_at)
       SELECT key, 1, now() FROM unnest($1::text[]) AS key
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_failures.first_failed_at > now() - ${WINDOW} THEN login_failures.failures + 1 ELSE 1 END,
         first_failed_at = CASE WHEN login_failures.first_failed_at > now() - ${WINDOW} THEN login_failures.first_failed_at ELSE now() END
       RETURNING key, failures`,
      [[emailKey, addressKey]],
    );
    const count = (key: string) => rows.find((row) => row.key === key)?.failures ?? 0;
    if (count(emailKey) > this.limit) return false;
    if (count(addressKey) <= this.limit * ADDRESS_FACTOR) return true;
    return this.isKnownAddress(email, address);
  }

  /**
   * The password was right: the attempt was no failure. Gives its address ticket back, clears
   * the email's count and remembers the address as one this email signs in from.
   */
  async succeeded(email: string, address: string): Promise<void> {
    const [emailKey, addressKey] = keys(email, address);
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [emailKey]);
    await this.db.query('UPDATE login_failures SET failures = greatest(failures - 1, 0) WHERE key = $1', [addressKey]);
    await this.db.query(
      `INSERT INTO login_known_addresses (email, address, signed_in_at) VALUES (lower($1), $2, now())
       ON CONFLICT (email, address) DO UPDATE SET signed_in_at = now()`,
      [email, address],
    );
  }

  private async isKnownAddress(email: string, address: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM login_known_addresses
        WHERE email = lower($1) AND address = $2 AND signed_in_at > now() - interval '${KNOWN_ADDRESS_DAYS} days'`,
      [email, address],
    );
    return rows.length > 0;
  }
}

function keys(email: string, address: string): [string, string] {
  return [`email:${email.toLowerCase()}`, `ip:${address}`];
}

export const TOO_MANY_ATTEMPTS = `Too many failed sign-in attempts. Please wait ${WINDOW_MINUTES} minutes, or reset your password.`;
