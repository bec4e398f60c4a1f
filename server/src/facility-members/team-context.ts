import { ForbiddenException, Injectable } from '@nestjs/common';
import { facilityStream } from '../domain/facilities/facility';
import { facilityMemberDecider, type FacilityTeam, type MemberActor } from '../domain/facility-members';
import { displayName, hasFacilityPermission, type FacilityMembership, type SessionUser } from '../auth/session-user';
import type { EventMetadata } from '../eventstore/event-store.port';
import { CommandBus } from '../platform/command-bus';

export const FACILITY_ONLY = 'This action is only available to facility accounts.';

/** The team as the facility's own stream folds it (the source of truth, never a read model). */
@Injectable()
export class TeamContext {
  constructor(private readonly commands: CommandBus) {}

  team(facilityId: string): Promise<FacilityTeam> {
    return this.commands.load(facilityStream(facilityId), facilityMemberDecider);
  }
}

/** The caller's membership; the access guard already refused everyone else. */
export function membershipOf(user: SessionUser): FacilityMembership {
  if (!user.membership) throw new ForbiddenException(FACILITY_ONLY);
  return user.membership;
}

/** The caller as the team decider sees them: admins and legacy admins hold manage-users. */
export function memberActor(user: SessionUser): MemberActor {
  return { user_id: user.id, can_manage_users: hasFacilityPermission(user.membership, 'can_manage_users') };
}

/** Who acted, kept with each event so histories name the person. */
export function teamMetadata(user: SessionUser): EventMetadata {
  return { actor: { user_id: user.id, side: 'facility', name: displayName(user) } };
}
