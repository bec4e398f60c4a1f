import { MigrationInterface, QueryRunner } from 'typeorm';

const FACILITY_ORDER_BEFORE =
  'applicant_submitted,applicant_countered,facility_countered,facility_accepted,applicant_counter_accepted,applicant_counter_rejected,facility_rejected,applicant_withdrawn';
/** FACILITY_BID_ORDER with 'position_filled', written out as stateRankSql writes it. */
const FACILITY_ORDER =
  'applicant_submitted,applicant_countered,facility_countered,facility_accepted,applicant_counter_accepted,applicant_counter_rejected,facility_rejected,position_filled,applicant_withdrawn';

/**
 * Openings: a posting hires `openings` people and is 'filled' once that many bids connected
 * (projections/postings.projection.ts counts them in connection_count). Postings from before
 * have one opening. The facility's bid order gains 'position_filled', so its index is rebuilt
 * with the new rank expression (server/src/bids/bid-rows.ts).
 */
export class PostingOpenings1763700002200 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE job_postings ADD COLUMN openings integer NOT NULL DEFAULT 1');
    await db.query('ALTER TABLE job_postings ADD COLUMN connection_count integer NOT NULL DEFAULT 0');
    await db.query('ALTER TABLE job_postings DROP CONSTRAINT job_postings_status_check');
    await db.query(
      `ALTER TABLE job_postings ADD CONSTRAINT job_postings_status_check CHECK (status IN ('draft', 'active', 'filled', 'withdrawn'))`,
    );
    await rankIndex(db, FACILITY_ORDER);
  }

  async down(db: QueryRunner): Promise<void> {
    await rankIndex(db, FACILITY_ORDER_BEFORE);
    await db.query('ALTER TABLE job_postings DROP CONSTRAINT job_postings_status_check');
    await db.query(`ALTER TABLE job_postings ADD CONSTRAINT job_postings_status_check CHECK (status IN ('draft', 'active', 'withdrawn'))`);
    await db.query('ALTER TABLE job_postings DROP COLUMN connection_count');
    await db.query('ALTER TABLE job_postings DROP COLUMN openings');
  }
}

async function rankIndex(db: QueryRunner, order: string): Promise<void> {
  await db.query('DROP INDEX bids_posting_facility_order');
  await db.query(`
    CREATE INDEX bids_posting_facility_order ON bids (
      job_posting_id,
      array_position('{${order}}'::text[], current_state),
      created_at DESC,
      id DESC
    )`);
}
