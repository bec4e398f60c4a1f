import { MigrationInterface, QueryRunner } from 'typeorm';

const LIVE = "WHERE status = 'active' AND facility_active";
const SORT_KEYS = 'published_at, hourly_rate, start_date, total_contract_value, id';
const FILTERS =
  'on_call_ratio, supervision_type, malpractice_amount, required_license_state, facility_state, facility_city, procedure_type_ids';

/** The index columns besides its key: what search filters on and sorts by, but the key column. */
const covering = (key?: string) =>
  `INCLUDE (auto_expire_date, ${FILTERS.split(', ')
    .filter((column) => column !== key)
    .join(', ')}, ${SORT_KEYS}) ${LIVE}`;

/**
 * The indexes that find the few postings of a license state, a facility state or a city prefix
 * now carry every column search filters on and sorts by (posting-search.ts). A search narrowed by
 * one of them then counts its matches and picks its page from the index alone, instead of
 * reading a table page for almost every candidate row to test the other filters (a license with
 * four more filters: 5.9 -> 0.7 ms at 100,000 postings).
 */
export class SearchFilterCoveringIndexes1763700002600 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX job_postings_live_license, job_postings_live_state, job_postings_live_city');
    await db.query(`CREATE INDEX job_postings_live_license ON job_postings (required_license_state) ${covering('required_license_state')}`);
    await db.query(`CREATE INDEX job_postings_live_state ON job_postings (facility_state) ${covering('facility_state')}`);
    await db.query(`CREATE INDEX job_postings_live_city ON job_postings (lower(facility_city) text_pattern_ops) ${covering()}`);
    // The planner knows lower(facility_city) only from the statistics of an index on it.
    await db.query('ANALYZE job_postings');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX job_postings_live_license, job_postings_live_state, job_postings_live_city');
    await db.query(`CREATE INDEX job_postings_live_state ON job_postings (facility_state) INCLUDE (auto_expire_date) ${LIVE}`);
    await db.query(
      `CREATE INDEX job_postings_live_city ON job_postings (lower(facility_city) text_pattern_ops) INCLUDE (facility_city, facility_state, auto_expire_date) ${LIVE}`,
    );
    await db.query(`CREATE INDEX job_postings_live_license ON job_postings (required_license_state) INCLUDE (auto_expire_date) ${LIVE}`);
  }
}
