import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An email change waiting for confirmation reserves the new address only as long as its
 * confirmation link lives; afterwards the address is free for anyone again.
 */
export class PendingEmailExpiry1763700000700 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN pending_email_expires_at timestamptz');
    await db.query(`UPDATE users SET pending_email_expires_at = now() + interval '48 hours' WHERE pending_email IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN pending_email_expires_at');
  }
}
