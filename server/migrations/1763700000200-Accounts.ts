import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account tables. users, memberships, tokens and identifier reservations are ordinary tables
 * (credentials never enter the event log); facilities and applicants are read models projected
 * from their streams (projections/facilities.projection.ts, projections/applicants.projection.ts).
 */
export class Accounts1763700000200 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        pending_email text,
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('applicant', 'facility_admin', 'system_admin')),
        is_admin boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        email_verified boolean NOT NULL DEFAULT false,
        first_name text,
        last_name text,
        token_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_login timestamptz
      )`);
    await db.query('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');

    await db.query(`
      CREATE TABLE facility_members (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        facility_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'user')),
        is_legacy_admin boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        can_create_jobs boolean NOT NULL DEFAULT false,
        can_edit_jobs boolean NOT NULL DEFAULT false,
        can_publish_jobs boolean NOT NULL DEFAULT false,
        can_manage_bids boolean NOT NULL DEFAULT false,
        can_manage_users boolean NOT NULL DEFAULT false,
        can_manage_billing boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX facility_members_facility ON facility_members (facility_id)');

    await db.query(`
      CREATE TABLE email_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'change_email')),
        email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose)');

    // Uniqueness that must hold at the moment of registration, before any projection runs.
    await db.query(`
      CREATE TABLE identifier_claims (
        kind text NOT NULL CHECK (kind IN ('npi', 'license')),
        value text NOT NULL,
        owner_id uuid NOT NULL,
        PRIMARY KEY (kind, value)
      )`);

    await db.query(`
      CREATE TABLE login_failures (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        first_failed_at timestamptz NOT NULL
      )`);

    await db.query(`
      CREATE TABLE facilities (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        facility_type text,
        npi text,
        description text,
        phone text,
        website text,
        address_line1 text,
        address_line2 text,
        city text,
        state text,
        zip_code text,
        verification_status text NOT NULL DEFAULT 'pending',
        is_active boolean NOT NULL DEFAULT true,
        posting_credits integer NOT NULL DEFAULT 0,
        verification_notes text NOT NULL DEFAULT '',
        admin_user_id uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX facilities_created ON facilities (created_at DESC)');

    await db.query(`
      CREATE TABLE applicants (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        first_name text,
        last_name text,
        role_type text NOT NULL DEFAULT 'CRNA',
        license_number text,
        license_state text,
        license_expires_at date,
        npi text,
        linkedin_profile text,
        experience_started_at date,
        bio text,
        hourly_rate_min integer,
        hourly_rate_max integer,
        preferred_radius_miles integer NOT NULL DEFAULT 50,
        address_line1 text,
        address_line2 text,
        city text,
        state text,
        zip_code text,
        certifications jsonb NOT NULL DEFAULT '[]',
        malpractice_provided boolean NOT NULL DEFAULT false,
        job_search_frequency_days integer NOT NULL DEFAULT 7,
        verification_status text NOT NULL DEFAULT 'pending',
        is_active boolean NOT NULL DEFAULT true,
        verification_notes text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query('CREATE UNIQUE INDEX applicants_user ON applicants (user_id)');
    await db.query('CREATE INDEX applicants_created ON applicants (created_at DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['applicants', 'facilities', 'login_failures', 'identifier_claims', 'email_tokens', 'facility_members', 'users']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
