import type { EntityManager } from 'typeorm';
import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlags } from '../server/src/domain/accounts/facility-permissions';
import { FACILITY_MEMBER_EVENT_TYPES, type FacilityTeamEvent } from '../server/src/domain/facility-members';
import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import { streamId, type Recorded } from '../server/src/platform/subscriptions';
import { rooms } from '../server/src/realtime/realtime.events';
import { facilityMembersReplay } from './facility-members.replay';

const FLAGS = FACILITY_PERMISSION_FLAGS.join(', ');
const flagValues = (permissions: FacilityPermissionFlags) => FACILITY_PERMISSION_FLAGS.map((flag) => permissions[flag]);
/** `$n, $n+1, ...` for the six flags starting at placeholder n. */
const flagParams = (from: number) => FACILITY_PERMISSION_FLAGS.map((_, i) => `$${from + i}`).join(', ');
const flagAssignments = (from: number) => FACILITY_PERMISSION_FLAGS.map((flag, i) => `${flag} = $${from + i}`).join(', ');

const ADMIN_FLAGS = Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((flag) => [flag, true])) as FacilityPermissionFlags;

/**
 * The facility team's read models: `facility_member_list` (the founding admin from the
 * facility's registration, then everyone who accepted an invitation, with their current grant)
 * and `facility_invitations` (every invitation and its status). Each change pushes
 * `team.changed` to the facility's room, so the page and the header refetch.
 */
export const facilityMembersProjection: Projection = {
  name: 'facility-members',
  follows: [on<FacilityTeamEvent>('facility', ['FacilityRegistered', ...FACILITY_MEMBER_EVENT_TYPES], apply)],
  tables: ['facility_member_list', 'facility_invitations'],
  replay: facilityMembersReplay,
};

async function apply(event: Recorded<FacilityTeamEvent>, { tx, push }: ProjectionContext): Promise<void> {
  const facilityId = streamId(event);
  const memberId = await applyEvent(tx, facilityId, event);
  push({ room: rooms.facility(facilityId), event: 'team.changed', payload: { facility_id: facilityId, member_id: memberId } });
}

/** Applies one event; answers the member whose own access changed, if any. */
async function applyEvent(tx: EntityManager, facilityId: string, event: FacilityTeamEvent): Promise<string | null> {
  switch (event.type) {
    case 'FacilityRegistered':
      await insertMember(tx, facilityId, event.data.admin_user_id, 'admin', ADMIN_FLAGS, null, event.data.at);
      return event.data.admin_user_id;
    case 'FacilityMemberInvited': {
      const d = event.data;
      await tx.query(
        `INSERT INTO facility_invitations (id, facility_id, email, role, ${FLAGS}, status, invited_by, expires_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, ${flagParams(5)}, 'pending', $11, $12, $13, $13)
         ON CONFLICT (id) DO NOTHING`,
        [d.invitation_id, facilityId, d.email, d.role, ...flagValues(d.permissions), d.user_id, d.expires_at, d.at],
      );
      return null;
    }
    case 'FacilityInvitationResent': {
      const d = event.data;
      await tx.query(
        `UPDATE facility_invitations SET role = $2, ${flagAssignments(3)}, invited_by = $9, expires_at = $10, updated_at = $11 WHERE id = $1`,
        [d.invitation_id, d.role, ...flagValues(d.permissions), d.user_id, d.expires_at, d.at],
      );
      return null;
    }
    case 'FacilityInvitationRevoked':
      await setInvitationStatus(tx, event.data.invitation_id, 'revoked', event.data.at);
      return null;
    case 'FacilityInvitationAccepted': {
      const d = event.data;
      await setInvitationStatus(tx, d.invitation_id, 'accepted', d.at);
      await insertMember(tx, facilityId, d.user_id, d.role, d.permissions, d.invited_by, d.at);
      return d.user_id;
    }
    case 'FacilityMemberPermissionsChanged': {
      const d = event.data;
      await tx.query(
        `UPDATE facility_member_list SET role = $3, ${flagAssignments(4)}, updated_at = $10 WHERE facility_id = $1 AND user_id = $2`,
        [facilityId, d.member_id, d.role, ...flagValues(d.permissions), d.at],
      );
      return d.member_id;
    }
    case 'FacilityMemberRemoved':
      await tx.query('DELETE FROM facility_member_list WHERE facility_id = $1 AND user_id = $2', [facilityId, event.data.member_id]);
      return event.data.member_id;
  }
}

async function insertMember(
  tx: EntityManager,
  facilityId: string,
  userId: string,
  role: string,
  permissions: FacilityPermissionFlags,
  createdBy: string | null,
  at: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO facility_member_list (facility_id, user_id, role, ${FLAGS}, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, ${flagParams(4)}, $10, $11, $11)
     ON CONFLICT (facility_id, user_id) DO NOTHING`,
    [facilityId, userId, role, ...flagValues(permissions), createdBy, at],
  );
}

async function setInvitationStatus(tx: EntityManager, invitationId: string, status: 'accepted' | 'revoked', at: string): Promise<void> {
  await tx.query('UPDATE facility_invitations SET status = $2, updated_at = $3 WHERE id = $1', [invitationId, status, at]);
}
