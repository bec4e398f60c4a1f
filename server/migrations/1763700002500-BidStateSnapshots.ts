import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each bid's state in the postings read model is also its snapshot: bid commands fold from it and
 * the bid's events after its version rather than from the whole stream. `state_shape` names the
 * shape the state was written in (BID_STATE_SHAPE in server/src/domain/bids/bid-decider.ts); only
 * rows of the current shape are taken. Existing rows keep NULL (never a snapshot) until their bid
 * changes or `npm run projections:rebuild` writes them again.
 */
export class BidStateSnapshots1763700002500 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE posting_bid_states ADD COLUMN state_shape smallint');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE posting_bid_states DROP COLUMN state_shape');
  }
}
