import { MigrationInterface, QueryRunner } from 'typeorm';

/** Checkpoints of projections and reactors, the email idempotency log and the dev mailbox. */
export class Platform1763700000100 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE checkpoints (
        name text PRIMARY KEY,
        transaction_id bigint NOT NULL,
        global_position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE sent_emails (
        key text PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE dev_mailbox (
        id bigserial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        html text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX dev_mailbox_recipient ON dev_mailbox (lower(recipient), id DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE dev_mailbox');
    await db.query('DROP TABLE sent_emails');
    await db.query('DROP TABLE checkpoints');
  }
}
