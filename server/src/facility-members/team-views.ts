import type { DataSource } from 'typeorm';
import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlags } from '../domain/accounts/facility-permissions';
import type { FacilityInvitationView, FacilityUserView, PersonSummary } from '../domain/facility-members';

/**
 * The team's views, read from its read models (projections/facility-members.projection.ts) and
 * the users table for names and emails, which are account data and may change any time.
 */
const FLAG_COLUMNS = (alias: string) => FACILITY_PERMISSION_FLAGS.map((flag) => `${alias}.${flag}`).join(', ');

function flagsOf(row: Record<string, unknown>): FacilityPermissionFlags {
  return Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((flag) => [flag, Boolean(row[flag])])) as FacilityPermissionFlags;
}

function person(row: Record<string, unknown>, prefix: string): PersonSummary | null {
  if (!row[`${prefix}_id`]) return null;
  return {
    first_name: (row[`${prefix}_first_name`] as string | null) ?? null,
    last_name: (row[`${prefix}_last_name`] as string | null) ?? null,
    email: (row[`${prefix}_email`] as string | null) ?? null,
  };
}

const iso = (value: unknown) => new Date(value as string).toISOString();

export async function facilityUsers(db: DataSource, facilityId: string, memberId?: string): Promise<FacilityUserView[]> {
  const rows: Record<string, unknown>[] = await db.query(
    `SELECT m.role, m.created_at, ${FLAG_COLUMNS('m')},
            u.id AS user_id, u.first_name AS user_first_name, u.last_name AS user_last_name, u.email AS user_email,
            c.id AS creator_id, c.first_name AS creator_first_name, c.last_name AS creator_last_name, c.email AS creator_email
       FROM facility_member_list m
       JOIN users u ON u.id = m.user_id
       LEFT JOIN users c ON c.id = m.created_by
      WHERE m.facility_id = $1 AND ($2::uuid IS NULL OR m.user_id = $2)
      ORDER BY m.created_at, m.user_id`,
    [facilityId, memberId ?? null],
  );
  return rows.map((row) => ({
    id: row.user_id as string,
    role: row.role as FacilityUserView['role'],
    is_active: true,
    created_at: iso(row.created_at),
    created_by_user: person(row, 'creator'),
    user: person(row, 'user') as PersonSummary,
    ...flagsOf(row),
  }));
}

export async function pendingInvitations(
  db: DataSource,
  facilityId: string,
  now: Date,
  invitationId?: string,
): Promise<FacilityInvitationView[]> {
  const rows: Record<string, unknown>[] = await db.query(
    `SELECT i.id, i.email, i.role, i.expires_at, i.created_at, i.updated_at, ${FLAG_COLUMNS('i')},
            c.id AS inviter_id, c.first_name AS inviter_first_name, c.last_name AS inviter_last_name, c.email AS inviter_email
       FROM facility_invitations i
       LEFT JOIN users c ON c.id = i.invited_by
      WHERE i.facility_id = $1 AND i.status = 'pending' AND ($2::uuid IS NULL OR i.id = $2)
      ORDER BY i.created_at DESC, i.id`,
    [facilityId, invitationId ?? null],
  );
  return rows.map((row) => ({
    id: row.id as string,
    email: row.email as string,
    role: row.role as FacilityInvitationView['role'],
    expires_at: iso(row.expires_at),
    expired: new Date(row.expires_at as string).getTime() <= now.getTime(),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    invited_by_user: person(row, 'inviter'),
    ...flagsOf(row),
  }));
}
