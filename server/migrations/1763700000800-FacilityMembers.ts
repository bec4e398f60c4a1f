import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The facility team. Two read models projected from the membership events on facility streams
 * (projections/facility-members.projection.ts): the members list and the invitations. And one
 * ordinary table for the invitation links: only a SHA-256 of each token, single-use, never in
 * the log. Who may do what on each request is still read from `facility_members`.
 */
export class FacilityMembers1763700000800 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE facility_member_list (
        facility_id uuid NOT NULL,
        user_id uuid NOT NULL,
        role text NOT NULL,
        can_create_jobs boolean NOT NULL,
        can_edit_jobs boolean NOT NULL,
        can_publish_jobs boolean NOT NULL,
        can_manage_bids boolean NOT NULL,
        can_manage_users boolean NOT NULL,
        can_manage_billing boolean NOT NULL,
        created_by uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (facility_id, user_id)
      )`);

    await db.query(`
      CREATE TABLE facility_invitations (
        id uuid PRIMARY KEY,
        facility_id uuid NOT NULL,
        email text NOT NULL,
        role text NOT NULL,
        can_create_jobs boolean NOT NULL,
        can_edit_jobs boolean NOT NULL,
        can_publish_jobs boolean NOT NULL,
        can_manage_bids boolean NOT NULL,
        can_manage_users boolean NOT NULL,
        can_manage_billing boolean NOT NULL,
        status text NOT NULL,
        invited_by uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(
      "CREATE INDEX facility_invitations_pending ON facility_invitations (facility_id, created_at DESC) WHERE status = 'pending'",
    );

    await db.query(`
      CREATE TABLE facility_invitation_tokens (
        token_hash text PRIMARY KEY,
        invitation_id uuid NOT NULL,
        facility_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX facility_invitation_tokens_invitation ON facility_invitation_tokens (invitation_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['facility_invitation_tokens', 'facility_invitations', 'facility_member_list']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
