import { MigrationInterface, QueryRunner } from 'typeorm';

/** Real anesthesia case types facilities pick from; ids are stable once seeded. */
export const PROCEDURE_TYPES = [
  'General Surgery',
  'Orthopedics',
  'Spine',
  'Total Joint Replacement',
  'Sports Medicine / Arthroscopy',
  'ENT',
  'Ophthalmology',
  'Plastics and Reconstructive',
  'GI Endoscopy',
  'Pain Management',
  'Obstetrics / Labor and Delivery',
  'Gynecology',
  'Urology',
  'Cardiac',
  'Thoracic',
  'Vascular',
  'Neurosurgery',
  'Pediatrics',
  'Trauma',
  'Dental / Oral Surgery',
  'Interventional Radiology',
  'Cardiac Catheterization / Electrophysiology',
  'Bariatric',
  'Regional Anesthesia / Nerve Blocks',
  'Monitored Anesthesia Care (MAC)',
  'Transplant',
];

/**
 * The job postings read model (projections/postings.projection.ts) with the indexes search and
 * the dashboards use, the projection's own copy of facility details, the procedure types and
 * each applicant's saved search filters.
 */
export class Postings1763700000300 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE TABLE procedure_types (id integer PRIMARY KEY, name text NOT NULL UNIQUE)');
    for (const [index, name] of PROCEDURE_TYPES.entries()) {
      await db.query('INSERT INTO procedure_types (id, name) VALUES ($1, $2)', [index + 1, name]);
    }

    await db.query(`
      CREATE TABLE posting_facilities (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        facility_type text,
        city text,
        state text,
        is_active boolean NOT NULL DEFAULT true
      )`);

    await db.query(`
      CREATE TABLE job_postings (
        id uuid PRIMARY KEY,
        facility_id uuid NOT NULL,
        created_by uuid NOT NULL,
        title text NOT NULL,
        role_type text NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        week_days integer[] NOT NULL DEFAULT '{}',
        hourly_rate integer NOT NULL,
        hours_per_day numeric NOT NULL,
        days_per_week integer NOT NULL,
        total_contract_value integer,
        required_license_state text NOT NULL,
        procedure_type_ids integer[] NOT NULL DEFAULT '{}',
        on_call_ratio integer,
        supervision_type text,
        malpractice_amount numeric,
        lodging_amount numeric,
        lodging_frequency text,
        travel_allowance_amount numeric,
        status text NOT NULL CHECK (status IN ('draft', 'active', 'withdrawn')),
        payment_pending boolean NOT NULL DEFAULT false,
        auto_expire_date timestamptz NOT NULL,
        published_at timestamptz,
        facility_name text NOT NULL,
        facility_type text,
        facility_city text,
        facility_state text,
        facility_active boolean NOT NULL DEFAULT true,
        bid_count integer NOT NULL DEFAULT 0,
        awaiting_response_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // The facility dashboard: a facility's postings, newest first.
    await db.query('CREATE INDEX job_postings_facility ON job_postings (facility_id, created_at DESC)');
    // Search only ever looks at live postings of active facilities: partial indexes per sort order
    // (posting-search.ts orders exactly by them). Each carries the expiry and every filter column
    // (cheap fixed-width ones first), so a search picks a page's ids with an index-only scan, deep
    // offsets included, and reads only the page's rows from the table.
    const live = "WHERE status = 'active' AND facility_active";
    const filters =
      'on_call_ratio, supervision_type, malpractice_amount, required_license_state, facility_state, facility_city, procedure_type_ids';
    const covering = `INCLUDE (auto_expire_date, ${filters}) ${live}`;
    await db.query(`CREATE INDEX job_postings_live_newest ON job_postings (published_at DESC, id) ${covering}`);
    await db.query(`CREATE INDEX job_postings_live_rate ON job_postings (hourly_rate, id) ${covering}`);
    await db.query(`CREATE INDEX job_postings_live_start ON job_postings (start_date, id) ${covering}`);
    await db.query(`CREATE INDEX job_postings_live_value ON job_postings (total_contract_value DESC NULLS LAST, id) ${covering}`);
    // Counts. Any mix of filters: the unexpired live postings with every filter column.
    await db.query(`CREATE INDEX job_postings_live_expiry ON job_postings (auto_expire_date) INCLUDE (${filters}) ${live}`);
    // One filter that keeps many rows: a narrow index of just those rows.
    await db.query(`CREATE INDEX job_postings_live_with_call ON job_postings (auto_expire_date) ${live} AND on_call_ratio IS NOT NULL`);
    await db.query(`CREATE INDEX job_postings_live_no_call ON job_postings (auto_expire_date) ${live} AND on_call_ratio IS NULL`);
    await db.query(`CREATE INDEX job_postings_live_malpractice ON job_postings (auto_expire_date) ${live} AND malpractice_amount > 0`);
    await db.query(`CREATE INDEX job_postings_live_supervision ON job_postings (supervision_type, auto_expire_date) ${live}`);
    // Selective filters find their few rows directly.
    await db.query(`CREATE INDEX job_postings_live_state ON job_postings (facility_state) INCLUDE (auto_expire_date) ${live}`);
    await db.query(
      `CREATE INDEX job_postings_live_city ON job_postings (lower(facility_city) text_pattern_ops) INCLUDE (facility_city, facility_state, auto_expire_date) ${live}`,
    );
    await db.query(`CREATE INDEX job_postings_live_license ON job_postings (required_license_state) INCLUDE (auto_expire_date) ${live}`);
    await db.query(`CREATE INDEX job_postings_live_procedures ON job_postings USING gin (procedure_type_ids) ${live}`);

    // The projection's record of each bid's state, to keep bid_count and awaiting_response_count.
    await db.query(`
      CREATE TABLE posting_bid_states (
        bid_id uuid PRIMARY KEY,
        job_posting_id uuid NOT NULL,
        awaiting_response boolean NOT NULL,
        open boolean NOT NULL
      )`);
    await db.query('CREATE INDEX posting_bid_states_posting ON posting_bid_states (job_posting_id)');

    await db.query(`
      CREATE TABLE applicant_search_filters (
        applicant_id uuid PRIMARY KEY,
        filters jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['applicant_search_filters', 'posting_bid_states', 'job_postings', 'posting_facilities', 'procedure_types']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
