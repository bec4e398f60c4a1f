import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Columns of job_postings that search neither shows nor filters on. Bid commands rewrite the
 * counts on every move, in their own transactions; leaving them out keeps a bid from discarding
 * every cached search answer (server/src/postings/queries/search-cache.ts).
 */
export const UNSEARCHED_POSTING_COLUMNS = ['bid_count', 'awaiting_response_count', 'connection_count', 'updated_at'];

/** Every other column of job_postings as this migration found it. */
const SEARCHED_POSTING_COLUMNS = [
  'id',
  'facility_id',
  'created_by',
  'title',
  'role_type',
  'start_date',
  'end_date',
  'week_days',
  'hourly_rate',
  'hours_per_day',
  'days_per_week',
  'total_contract_value',
  'required_license_state',
  'procedure_type_ids',
  'on_call_ratio',
  'supervision_type',
  'malpractice_amount',
  'lodging_amount',
  'lodging_frequency',
  'travel_allowance_amount',
  'status',
  'payment_pending',
  'auto_expire_date',
  'published_at',
  'facility_name',
  'facility_type',
  'facility_city',
  'facility_state',
  'facility_active',
  'created_at',
  'openings',
];

/**
 * A counter that every statement changing what search can see moves, in that statement's own
 * transaction, whoever runs it (the postings projection, a rebuild's catch-up, a repair, plain
 * SQL): a cached search answer is good while the counter stands where it was read. A trigger
 * rather than the writers' own code, so no writer can forget it. Only the postings projection
 * writes those columns (one batch at a time, under its lock), so the single row is no point of
 * contention; bid commands write only the counts above and leave it alone.
 */
export class PostingSearchVersion1763700002510 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE job_postings_version (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        version bigint NOT NULL
      )`);
    await db.query('INSERT INTO job_postings_version (version) VALUES (0)');
    // search_path pinned: a rebuild's catch-up runs with its own schema first.
    await db.query(`
      CREATE FUNCTION job_postings_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE job_postings_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER job_postings_changed
      AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${SEARCHED_POSTING_COLUMNS.join(', ')} ON job_postings
      FOR EACH STATEMENT EXECUTE FUNCTION job_postings_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER job_postings_changed ON job_postings');
    await db.query('DROP FUNCTION job_postings_changed()');
    await db.query('DROP TABLE job_postings_version');
  }
}
