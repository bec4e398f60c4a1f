import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The postings read model keeps each bid's state as bidDecider.evolve folds it (rather than a
 * table of its own saying which state follows which event). Its checkpoint is reset so the
 * projection replays the log (every step is idempotent) and fills the new column.
 */
export class PostingBidStates1763700000500 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE posting_bid_states ADD COLUMN state jsonb');
    await db.query(`DELETE FROM checkpoints WHERE name = 'postings'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE posting_bid_states DROP COLUMN state');
  }
}
