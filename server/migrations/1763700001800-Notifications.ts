import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The in-app inbox (issue #15), projected by projections/notifications.projection.ts: one row per
 * notification and recipient (id derived from the event and the recipient, so a replay inserts
 * nothing twice), and the projection's own copies of what the events do not carry: postings'
 * titles, bids' parties, applicants' names and users, facilities' members.
 * The inbox pages newest first per person, and counts the unread through a partial index.
 */
export class Notifications1763700001800 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        kind text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        link text NOT NULL,
        created_at timestamptz NOT NULL,
        read_at timestamptz,
        source_position bigint NOT NULL
      )`);
    await db.query('CREATE INDEX notifications_inbox ON notifications (user_id, created_at DESC, id DESC)');
    await db.query('CREATE INDEX notifications_unread ON notifications (user_id, created_at DESC, id DESC) WHERE read_at IS NULL');
    await db.query('CREATE TABLE notification_postings (id uuid PRIMARY KEY, facility_id uuid NOT NULL, title text NOT NULL)');
    await db.query(`
      CREATE TABLE notification_bids (
        id uuid PRIMARY KEY,
        posting_id uuid NOT NULL,
        facility_id uuid NOT NULL,
        applicant_id uuid NOT NULL,
        applicant_user_id uuid NOT NULL
      )`);
    await db.query('CREATE TABLE notification_applicants (id uuid PRIMARY KEY, user_id uuid NOT NULL, first_name text, last_name text)');
    await db.query(`
      CREATE TABLE notification_members (
        facility_id uuid NOT NULL,
        user_id uuid NOT NULL,
        is_admin boolean NOT NULL,
        can_manage_bids boolean NOT NULL,
        PRIMARY KEY (facility_id, user_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE notification_members');
    await db.query('DROP TABLE notification_applicants');
    await db.query('DROP TABLE notification_bids');
    await db.query('DROP TABLE notification_postings');
    await db.query('DROP TABLE notifications');
  }
}
