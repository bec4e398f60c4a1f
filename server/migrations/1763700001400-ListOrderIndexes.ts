import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes in the order the signed-in lists page (server/src/bids/bid-rows.ts,
 * server/src/postings/queries/posting-queries.ts). The state rank is written out as the queries
 * write it (stateRankSql with FACILITY_BID_ORDER), so a posting's page of bids is read in order
 * from the index without sorting the posting's bids.
 */
export class ListOrderIndexes1763700001400 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX bids_posting_facility_order ON bids (
        job_posting_id,
        array_position('{applicant_submitted,applicant_countered,facility_countered,facility_accepted,applicant_counter_accepted,applicant_counter_rejected,facility_rejected,applicant_withdrawn}'::text[], current_state),
        created_at DESC,
        id DESC
      )`);
    // Replaces bids_posting: the new index leads with the same column and serves its lookups.
    await db.query('DROP INDEX bids_posting');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX bids_posting ON bids (job_posting_id, created_at DESC)');
    await db.query('DROP INDEX bids_posting_facility_order');
  }
}
