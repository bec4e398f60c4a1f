import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlags } from '../../domain/accounts/facility-permissions';
import type { FacilityInvite, FacilityMemberPermissions } from '../../domain/accounts/invites';
import { facilityStream } from '../../domain/facilities/facility';
import {
  facilityMemberDecider,
  type FacilityInvitationView,
  type FacilityMemberCommand,
  isFacilityMemberEvent,
  type FacilityTeamEvent,
  type FacilityTeam,
  type Invitation,
  type MemberGrant,
} from '../../domain/facility-members';
import type { SessionUser } from '../../auth/session-user';
import { isEmailTaken } from '../../auth/users.sql';
import { CommandBus } from '../../platform/command-bus';
import { RealtimePublisher } from '../../realtime/realtime-publisher';
import { rooms } from '../../realtime/realtime.events';
import { dropInvitationTokens } from '../invitation-tokens';
import { memberActor, membershipOf, teamMetadata } from '../team-context';
import { facilityUsers, pendingInvitations } from '../team-views';

/**
 * Runs the team's commands on the facility's stream through the CommandBus (optimistic
 * concurrency, retried against the fresh state). Who may do what each request is read from the
 * `facility_members` grants, so a decided change is written there at once: a permission change
 * or a removal takes effect on the member's next request, and a removal ends their sessions.
 */
@Injectable()
export class TeamCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly realtime: RealtimePublisher,
  ) {}

  /** Invites an address, or re-sends its pending invitation; answers the pending invitation. */
  async invite(user: SessionUser, input: FacilityInvite) {
    const facilityId = membershipOf(user).facility_id;
    const now = new Date();
    const { events, state } = await this.run(user, facilityId, {
      type: 'InviteMember',
      data: {
        actor: memberActor(user),
        now,
        invitation_id: randomUUID(),
        email: input.email,
        role: input.role,
        permissions: flagsOf(input),
        email_registered: await isEmailTaken(this.db, input.email),
      },
    });
    const { invitationId, resent } = invitationDecided(events);
    // A re-send's old link must stop working now, not when the new email goes out.
    if (resent) await dropInvitationTokens(this.db, invitationId, now);
    return this.invitation(facilityId, state.invitations[invitationId], now);
  }

  async resend(user: SessionUser, invitationId: string) {
    const facilityId = membershipOf(user).facility_id;
    const now = new Date();
    const { state } = await this.run(user, facilityId, {
      type: 'ResendInvitation',
      data: { actor: memberActor(user), now, invitation_id: invitationId },
    });
    await dropInvitationTokens(this.db, invitationId, now);
    return this.invitation(facilityId, state.invitations[invitationId], now);
  }

  async revoke(user: SessionUser, invitationId: string): Promise<void> {
    const facilityId = membershipOf(user).facility_id;
    await this.run(user, facilityId, {
      type: 'RevokeInvitation',
      data: { actor: memberActor(user), now: new Date(), invitation_id: invitationId },
    });
    await dropInvitationTokens(this.db, invitationId);
  }

  async changePermissions(user: SessionUser, memberId: string, input: FacilityMemberPermissions) {
    const facilityId = membershipOf(user).facility_id;
    const { state } = await this.run(user, facilityId, {
      type: 'ChangeMemberPermissions',
      data: { actor: memberActor(user), now: new Date(), member_id: memberId, role: input.role, permissions: flagsOf(input) },
    });
    await this.grant(facilityId, memberId, state.members[memberId]);
    // The read model pushed team.changed before the grant above was written, and the member's
    // page refetches its permissions from that grant: tell the room again now that it stands.
    this.realtime.publish({
      room: rooms.facility(facilityId),
      event: 'team.changed',
      payload: { facility_id: facilityId, member_id: memberId },
    });
    const [view] = await facilityUsers(this.db, facilityId, memberId);
    return view;
  }

  async remove(user: SessionUser, memberId: string): Promise<void> {
    const facilityId = membershipOf(user).facility_id;
    await this.run(user, facilityId, { type: 'RemoveMember', data: { actor: memberActor(user), now: new Date(), member_id: memberId } });
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE facility_members SET is_active = false WHERE user_id = $1 AND facility_id = $2', [memberId, facilityId]);
      // Their tokens stop working at once (sessions carry the token version).
      await tx.query('UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1', [memberId]);
    });
    // Sockets are authenticated when they connect: close the removed member's open ones too.
    this.realtime.endSessions(memberId);
  }

  private run(user: SessionUser, facilityId: string, command: FacilityMemberCommand) {
    return this.commands.handle<FacilityTeam, FacilityMemberCommand, FacilityTeamEvent>(
      facilityStream(facilityId),
      facilityMemberDecider,
      command,
      teamMetadata(user),
    );
  }

  private async grant(facilityId: string, memberId: string, grant: MemberGrant): Promise<void> {
    const assignments = FACILITY_PERMISSION_FLAGS.map((flag, i) => `${flag} = $${i + 4}`).join(', ');
    await this.db.query(`UPDATE facility_members SET role = $3, ${assignments} WHERE user_id = $1 AND facility_id = $2 AND is_active`, [
      memberId,
      facilityId,
      grant.role,
      ...FACILITY_PERMISSION_FLAGS.map((flag) => grant.permissions[flag]),
    ]);
  }

  /**
   * The invitation as GET /facility-user-invites lists it. The bus waited for the read model;
   * should that wait have timed out, the decided state answers instead, so the answer never lags.
   */
  private async invitation(facilityId: string, decided: Invitation, now: Date): Promise<FacilityInvitationView> {
    const [view] = await pendingInvitations(this.db, facilityId, now, decided.invitation_id);
    if (view && view.expires_at === decided.expires_at) return view;
    const at = now.toISOString();
    return {
      id: decided.invitation_id,
      email: decided.email,
      role: decided.role,
      expires_at: decided.expires_at,
      expired: false,
      created_at: view?.created_at ?? at,
      updated_at: at,
      invited_by_user: view?.invited_by_user ?? null,
      ...decided.permissions,
    };
  }
}

/** The invitation an InviteMember decided on: a new one, or the pending one it re-sent. */
function invitationDecided(events: FacilityTeamEvent[]): { invitationId: string; resent: boolean } {
  for (const event of events) {
    if (!isFacilityMemberEvent(event)) continue;
    if (event.type === 'FacilityMemberInvited') return { invitationId: event.data.invitation_id, resent: false };
    if (event.type === 'FacilityInvitationResent') return { invitationId: event.data.invitation_id, resent: true };
  }
  throw new Error('InviteMember decided no invitation');
}

function flagsOf(input: FacilityPermissionFlags): FacilityPermissionFlags {
  return Object.fromEntries(FACILITY_PERMISSION_FLAGS.map((flag) => [flag, input[flag]])) as FacilityPermissionFlags;
}
