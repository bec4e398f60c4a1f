import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The platform audit's read model (projections/audit.projection.ts): one row per event with what
 * its filters need as columns, and one row per record (stream) with its current name, so the
 * admins' audit pages newest first through an index whatever they filter on.
 *
 * - Unfiltered, and any filter Postgres finds common: the primary key, read backwards.
 * - Stream type, event type, actor, stream: (column, global_position) indexes, read backwards.
 * - Time range: at (Postgres picks it for a narrow range).
 * - Free text: a trigram index finds the matching records, then their streams' events.
 */
export class AuditLog1763700002000 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`
      CREATE TABLE audit_log (
        global_position bigint PRIMARY KEY,
        at timestamptz NOT NULL,
        stream_type text NOT NULL,
        stream_id text NOT NULL,
        version integer NOT NULL,
        event_type text NOT NULL,
        actor_user_id uuid,
        actor_role text NOT NULL,
        actor_name text,
        data jsonb NOT NULL
      )`);
    await db.query(`CREATE INDEX audit_log_stream_type ON audit_log (stream_type, global_position)`);
    await db.query(`CREATE INDEX audit_log_event_type ON audit_log (event_type, global_position)`);
    await db.query(`CREATE INDEX audit_log_actor ON audit_log (actor_user_id, global_position) WHERE actor_user_id IS NOT NULL`);
    await db.query(`CREATE INDEX audit_log_stream ON audit_log (stream_id, global_position)`);
    await db.query(`CREATE INDEX audit_log_at ON audit_log (at)`);
    await db.query(`
      CREATE TABLE audit_records (
        stream_id text PRIMARY KEY,
        stream_type text NOT NULL,
        record_id text NOT NULL,
        name text NOT NULL DEFAULT '',
        first_name text,
        last_name text,
        posting_stream text,
        applicant_stream text
      )`);
    await db.query(`CREATE INDEX audit_records_name ON audit_records USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX audit_records_posting ON audit_records (posting_stream) WHERE posting_stream IS NOT NULL`);
    await db.query(`CREATE INDEX audit_records_applicant ON audit_records (applicant_stream) WHERE applicant_stream IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE audit_records');
    await db.query('DROP TABLE audit_log');
  }
}
