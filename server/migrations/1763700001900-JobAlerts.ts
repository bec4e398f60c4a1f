import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job alerts and license reminders. These are preferences and send records, not business facts,
 * so they are ordinary tables (like saved search filters and sent_emails), not events:
 * - job_alert_settings: an applicant's on/off choice (no row: on; the frequency is the profile's).
 * - job_alert_digests: one row per applicant and digest period once its email is queued, so a
 *   period is sent at most once and the next digest looks only at postings published since.
 * - license_reminders: one row per applicant, expiry date and threshold (60, 30, 7, 0 days).
 * The reminder sweep and the admins' expiring/expired filter read applicants by expiry date.
 */
export class JobAlerts1763700001900 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE job_alert_settings (
        applicant_id uuid PRIMARY KEY,
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE job_alert_digests (
        applicant_id uuid NOT NULL,
        period_start date NOT NULL,
        covered_until timestamptz NOT NULL,
        posting_count integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (applicant_id, period_start)
      )`);
    await db.query('CREATE INDEX job_alert_digests_latest ON job_alert_digests (applicant_id, covered_until DESC)');
    await db.query(`
      CREATE TABLE license_reminders (
        applicant_id uuid NOT NULL,
        license_expires_at date NOT NULL,
        days_before integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (applicant_id, license_expires_at, days_before)
      )`);
    await db.query('CREATE INDEX applicants_license_expiry ON applicants (license_expires_at, id) WHERE license_expires_at IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX applicants_license_expiry');
    for (const table of ['license_reminders', 'job_alert_digests', 'job_alert_settings']) await db.query(`DROP TABLE ${table}`);
  }
}
