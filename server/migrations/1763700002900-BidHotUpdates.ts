import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every bid move (a counter, an accept, a withdrawal) changes the bid's current_state. While an
 * index named current_state, Postgres could not update a bid in place (a HOT update): each move
 * wrote a new entry into all three of the table's indexes and left one more dead version for
 * vacuum to clear. The posting's bid list now reads a posting's bids by its index in time order
 * and ranks their states in the query's sort: a posting has at most one bid per applicant.
 */
export class BidHotUpdates1763700002900 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX bids_posting ON bids (job_posting_id, created_at DESC, id DESC)');
    await db.query('DROP INDEX bids_posting_facility_order');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX bids_posting_facility_order ON bids (
        job_posting_id,
        array_position('{${FACILITY_ORDER}}'::text[], current_state),
        created_at DESC,
        id DESC
      )`);
    await db.query('DROP INDEX bids_posting');
  }
}

/** FACILITY_BID_ORDER when this migration was written (a migration does not follow later changes). */
const FACILITY_ORDER =
  'applicant_submitted,applicant_countered,facility_countered,facility_accepted,applicant_counter_accepted,applicant_counter_rejected,facility_rejected,position_filled,applicant_withdrawn';
