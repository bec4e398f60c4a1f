import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { FacilityProfile } from '../../domain/accounts/profiles';
import { facilityDecider, facilityProfileFrom, facilityStream, type FacilityCommand } from '../../domain/facilities/facility';
import { claimNpi } from '../../auth/identifier-claims';
import { displayName, type SessionUser } from '../../auth/session-user';
import { facilityView } from '../../accounts/views';
import { CommandBus } from '../../platform/command-bus';
import { addFacilityAdmin } from '../facility-members';

export const FACILITY_PROFILE_READ_ONLY = "You don't have permission to edit the facility profile.";
export const FACILITY_ALREADY_CREATED = 'Your facility was just created. Reload the page to edit it.';

/** Legacy admins, member admins and members who manage billing may edit the profile. */
export function canEditProfile(user: SessionUser): boolean {
  const m = user.membership;
  return Boolean(m && (m.is_legacy_admin || m.role === 'admin' || m.can_manage_billing));
}

/**
 * A member's own facility profile: updates the caller's facility, or creates one (with the
 * caller as its admin) when they have none. The NPI is claimed, and a new membership written,
 * before the facility's stream records the profile.
 */
@Injectable()
export class FacilityProfileCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async save(user: SessionUser, form: FacilityProfile) {
    if (user.membership && !canEditProfile(user)) throw new ForbiddenException(FACILITY_PROFILE_READ_ONLY);
    const facilityId = user.membership?.facility_id ?? randomUUID();
    await this.db.transaction(async (tx) => {
      await claimNpi(tx, facilityId, form.npi ?? null);
      if (user.membership) return;
      if (!(await addFacilityAdmin(tx, user.id, facilityId))) throw new ConflictException(FACILITY_ALREADY_CREATED);
    });
    const profile = facilityProfileFrom(form);
    const now = new Date();
    const command: FacilityCommand = user.membership
      ? { type: 'UpdateFacilityProfile', data: { profile, by: 'owner', now } }
      : { type: 'RegisterFacility', data: { facility_id: facilityId, admin_user_id: user.id, profile, now } };
    const metadata = { actor: { user_id: user.id, side: 'facility' as const, name: displayName(user) } };
    await this.commands.handle(facilityStream(facilityId), facilityDecider, command, metadata);
    return { ...(await facilityView(this.db, facilityId)), can_edit: true };
  }
}
