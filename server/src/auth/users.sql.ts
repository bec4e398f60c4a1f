import type { DataSource, EntityManager } from 'typeorm';
import type { UserRole } from '../domain/accounts/constants';

type Db = Pick<DataSource | EntityManager, 'query'>;

export interface UserRecord {
  id: string;
  email: string;
  pending_email: string | null;
  password_hash: string;
  role: UserRole;
  is_admin: boolean;
  is_active: boolean;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
  token_version: number;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const rows = await db.query('SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const rows = await db.query('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/**
 * Taken as a sign-in email, or reserved by an email change whose confirmation link still lives
 * (an abandoned change frees the address when its link expires).
 */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM users
      WHERE (lower(email) = lower($1) OR (lower(pending_email) = lower($1) AND pending_email_expires_at > now()))
        AND id IS DISTINCT FROM $2 LIMIT 1`,
    [email.trim(), exceptUserId ?? null],
  );
  return rows.length > 0;
}

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  (error as { code?: string }).code === '23505' && (!constraint || (error as { constraint?: string }).constraint === constraint);
