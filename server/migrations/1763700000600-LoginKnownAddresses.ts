import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The addresses each email signed in from successfully (server/src/auth/login-throttle.ts): the
 * per-address sign-in limit does not lock these people out when others fail from their address.
 */
export class LoginKnownAddresses1763700000600 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE login_known_addresses (
        email text NOT NULL,
        address text NOT NULL,
        signed_in_at timestamptz NOT NULL,
        PRIMARY KEY (email, address)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE login_known_addresses');
  }
}
