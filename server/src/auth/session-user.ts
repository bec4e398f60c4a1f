import type { DataSource } from 'typeorm';
import { queryNamed } from '../database/named-statements';
import type { UserRole } from '../domain/accounts/constants';
import type { FacilityPermissionFlag } from '../domain/accounts/facility-access';
import type { FacilityMembership } from '../domain/accounts/facility-permissions';

export type FacilityPermission = FacilityPermissionFlag;

export type { FacilityMembership, UserRole };

/** Who is calling, loaded fresh on every request from the token's subject. */
export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
  is_admin: boolean;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
  token_version: number;
  membership: FacilityMembership | null;
  applicant_id: string | null;
}

export function displayName(user: Pick<SessionUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email;
}

/** Members with role admin (and the registering legacy admin) hold every permission. */
export function hasFacilityPermission(membership: FacilityMembership | null, permission: FacilityPermission): boolean {
  if (!membership) return false;
  if (membership.is_legacy_admin || membership.role === 'admin') return true;
  return membership[permission];
}

/**
 * Loads active users with their memberships in one statement; users gone or deactivated are
 * missing from the answer.
 */
export async function loadSessionUsers(db: DataSource, userIds: readonly string[]): Promise<Map<string, SessionUser>> {
  const rows = await queryNamed<SessionUserRow>(
    db,
    `SELECT u.id, u.email, u.role, u.is_admin, u.email_verified, u.first_name, u.last_name, u.token_version,
            m.facility_id, m.role AS member_role, m.is_legacy_admin, m.can_create_jobs, m.can_edit_jobs,
            m.can_publish_jobs, m.can_manage_bids, m.can_manage_users, m.can_manage_billing,
            a.id AS applicant_id
       FROM users u
       LEFT JOIN facility_members m ON m.user_id = u.id AND m.is_active
       LEFT JOIN applicants a ON a.user_id = u.id
      WHERE u.id = ANY($1::uuid[]) AND u.is_active`,
    [userIds],
  );
  const users = new Map<string, SessionUser>();
  for (const row of rows) if (!users.has(row.id)) users.set(row.id, sessionUser(row));
  return users;
}

/** A user's row with their active membership's columns beside it (null when they have none). */
type SessionUserRow = Omit<SessionUser, 'membership'> &
  Omit<FacilityMembership, 'facility_id' | 'role'> & { facility_id: string | null; member_role: FacilityMembership['role'] };

function sessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    is_admin: row.is_admin,
    email_verified: row.email_verified,
    first_name: row.first_name,
    last_name: row.last_name,
    token_version: row.token_version,
    applicant_id: row.applicant_id,
    membership: row.facility_id
      ? {
          facility_id: row.facility_id,
          role: row.member_role,
          is_legacy_admin: row.is_legacy_admin,
          can_create_jobs: row.can_create_jobs,
          can_edit_jobs: row.can_edit_jobs,
          can_publish_jobs: row.can_publish_jobs,
          can_manage_bids: row.can_manage_bids,
          can_manage_users: row.can_manage_users,
          can_manage_billing: row.can_manage_billing,
        }
      : null,
  };
}
