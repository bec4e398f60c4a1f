import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-in before the current one: null during someone's first session, so the dashboard can
 * greet a newcomer with "Welcome" and everyone after with "Welcome back".
 */
export class PreviousLogin1763700001600 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN previous_login timestamptz');
    // Whoever signed in before this release is not new.
    await db.query('UPDATE users SET previous_login = last_login WHERE last_login IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN previous_login');
  }
}
