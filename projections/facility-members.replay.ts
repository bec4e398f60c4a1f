import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlags } from '../server/src/domain/accounts/facility-permissions';
import { FACILITY_MEMBER_EVENT_TYPES, type FacilityTeamEvent } from '../server/src/domain/facility-members';
import { fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';

type MemberRow = Record<string, unknown> & { facility_id: string; user_id: string };
type InvitationRow = Record<string, unknown> & { id: string };

const flags = (permissions: FacilityPermissionFlags) =>
  Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((flag) => [flag, permissions[flag] ?? null]));
const ADMIN_FLAGS = Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((flag) => [flag, true])) as FacilityPermissionFlags;
const memberKey = (facilityId: string, userId: string) => `${facilityId}|${userId}`;

interface Team {
  members: FoldedTable<MemberRow>;
  invitations: FoldedTable<InvitationRow>;
}

/** The team's read models folded in memory for rebuilds: the same rows as facility-members.projection.ts. */
export function facilityMembersReplay(): ReplayModel {
  const team: Team = {
    members: new FoldedTable<MemberRow>('facility_member_list', (row) => memberKey(row.facility_id, row.user_id)),
    invitations: new FoldedTable<InvitationRow>('facility_invitations', (row) => row.id),
  };
  return {
    tables: [team.members, team.invitations],
    follows: [fold<FacilityTeamEvent>('facility', ['FacilityRegistered', ...FACILITY_MEMBER_EVENT_TYPES], (event) => apply(team, event))],
  };
}

function apply({ members, invitations }: Team, event: Recorded<FacilityTeamEvent>): void {
  const facilityId = streamId(event);
  const member = (userId: string, role: string, permissions: FacilityPermissionFlags, createdBy: string | null, at: string) =>
    members.insert(
      { facility_id: facilityId, user_id: userId, role, ...flags(permissions), created_by: createdBy, created_at: at, updated_at: at },
      event,
    );
  switch (event.type) {
    case 'FacilityRegistered':
      return member(event.data.admin_user_id, 'admin', ADMIN_FLAGS, null, event.data.at);
    case 'FacilityMemberInvited': {
      const d = event.data;
      const grant = { role: d.role, ...flags(d.permissions) };
      const row = { id: d.invitation_id, facility_id: facilityId, email: d.email, ...grant, status: 'pending', invited_by: d.user_id };
      return invitations.insert({ ...row, expires_at: d.expires_at, created_at: d.at, updated_at: d.at }, event);
    }
    case 'FacilityInvitationResent': {
      const d = event.data;
      invitations.update(
        d.invitation_id,
        { role: d.role, ...flags(d.permissions), invited_by: d.user_id, expires_at: d.expires_at, updated_at: d.at },
        event,
      );
      return;
    }
    case 'FacilityInvitationRevoked':
      invitations.update(event.data.invitation_id, { status: 'revoked', updated_at: event.data.at }, event);
      return;
    case 'FacilityInvitationAccepted': {
      const d = event.data;
      invitations.update(d.invitation_id, { status: 'accepted', updated_at: d.at }, event);
      return member(d.user_id, d.role, d.permissions, d.invited_by, d.at);
    }
    case 'FacilityMemberPermissionsChanged': {
      const d = event.data;
      members.update(memberKey(facilityId, d.member_id), { role: d.role, ...flags(d.permissions), updated_at: d.at }, event);
      return;
    }
    case 'FacilityMemberRemoved':
      return members.delete(memberKey(facilityId, event.data.member_id));
  }
}
