import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each bid's state in the postings read model remembers the bid stream's version it reached. A
 * bid command writes that row in its own append's transaction (an inline projection), so the
 * postings projection must recognise a bid event it already holds and pass over it.
 * Existing rows keep NULL (version unknown: the next event applies as before) until their bid
 * changes or `npm run projections:rebuild` fills them.
 */
export class PostingBidStateVersions1763700002400 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE posting_bid_states ADD COLUMN version integer');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE posting_bid_states DROP COLUMN version');
  }
}
