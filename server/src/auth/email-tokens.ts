import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../database/returning';

/**
 * Single-use links sent by email. Only a SHA-256 of each token is stored, so a database leak
 * cannot be turned into working links.
 */
export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 48 * 3600_000,
  change_email: 48 * 3600_000,
  reset_password: 3600_000,
};

type Db = Pick<DataSource | EntityManager, 'query'>;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, email, expires_at) VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
    [digest(token), userId, purpose, email, TOKEN_LIFETIME_MS[purpose]],
  );
  return token;
}

/** Marks the token used and returns what it was for, or null when unknown, used or expired. */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purposes: EmailTokenPurpose[],
): Promise<{ user_id: string; purpose: EmailTokenPurpose; email: string } | null> {
  const result = await db.query(
    `UPDATE email_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND purpose = ANY($2)
      RETURNING user_id, purpose, email`,
    [digest(token), purposes],
  );
  return returnedRows<{ user_id: string; purpose: EmailTokenPurpose; email: string }>(result)[0] ?? null;
}
