import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bids read model (projections/bids.projection.ts). Besides the bids themselves it keeps its
 * own copies of what the bid views show about postings, facilities and applicants, filled from
 * their events by the same projection: a projection never reads tables another one writes.
 */
export class Bids1763700000400 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE bids (
        id uuid PRIMARY KEY,
        job_posting_id uuid NOT NULL,
        applicant_id uuid NOT NULL,
        applicant_user_id uuid NOT NULL,
        facility_id uuid NOT NULL,
        current_state text NOT NULL,
        proposed_rate integer NOT NULL,
        counter_rate integer,
        agreed_rate integer,
        version integer NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX bids_applicant ON bids (applicant_id, created_at DESC)');
    await db.query('CREATE INDEX bids_posting ON bids (job_posting_id, created_at DESC)');

    // The posting as its decider folds it (postingDecider.evolve), so status and expiry follow
    // the domain's own rules.
    await db.query(`
      CREATE TABLE bid_postings (
        id uuid PRIMARY KEY,
        facility_id uuid NOT NULL,
        state jsonb NOT NULL,
        version integer NOT NULL
      )`);

    await db.query(`
      CREATE TABLE bid_facilities (
        id uuid PRIMARY KEY,
        name text,
        facility_type text,
        city text,
        state text,
        phone text,
        admin_user_id uuid
      )`);

    await db.query(`
      CREATE TABLE bid_applicants (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        first_name text,
        last_name text,
        license_state text,
        experience_started_at text,
        malpractice_provided boolean NOT NULL DEFAULT false
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['bid_applicants', 'bid_facilities', 'bid_postings', 'bids']) await db.query(`DROP TABLE ${table}`);
  }
}
