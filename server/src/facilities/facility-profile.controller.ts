import { Body, ConflictException, Controller, ForbiddenException, Get, NotFoundException, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { facilityProfileSchema, type FacilityProfile } from '../domain/accounts/profiles';
import { facilityDecider, facilityProfileFrom, facilityStream } from '../domain/facilities/facility';
import { CurrentUser, Roles } from '../auth/access';
import { claimNpi } from '../auth/identifier-claims';
import { displayName, type SessionUser } from '../auth/session-user';
import { CommandBus } from '../platform/command-bus';
import { facilityView } from '../accounts/views';
import { returnedRows } from '../database/returning';

class FacilityProfileDto extends createZodDto(facilityProfileSchema) {}

export const FACILITY_PROFILE_NOT_FOUND = 'Facility profile not found';
export const FACILITY_PROFILE_READ_ONLY = "You don't have permission to edit the facility profile.";
export const FACILITY_ALREADY_CREATED = 'Your facility was just created. Reload the page to edit it.';

/** Legacy admins, member admins and members who manage billing may edit the profile. */
function canEditProfile(user: SessionUser): boolean {
  const m = user.membership;
  return Boolean(m && (m.is_legacy_admin || m.role === 'admin' || m.can_manage_billing));
}

@ApiTags('facilities')
@ApiBearerAuth()
@Roles('facility_admin')
@Controller('facilities/profile')
export class FacilityProfileController {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  async get(@CurrentUser() user: SessionUser) {
    const view = user.membership ? await facilityView(this.db, user.membership.facility_id) : null;
    if (!view) throw new NotFoundException(FACILITY_PROFILE_NOT_FOUND);
    return { ...view, can_edit: canEditProfile(user) };
  }

  /** Updates the caller's facility, or creates one (with the caller as its admin) when absent. */
  @Put()
  async put(@CurrentUser() user: SessionUser, @Body() body: FacilityProfileDto) {
    const profile = body as FacilityProfile;
    const metadata = { actor: { user_id: user.id, side: 'facility' as const, name: displayName(user) } };
    const facilityId = user.membership?.facility_id ?? randomUUID();
    if (user.membership && !canEditProfile(user)) throw new ForbiddenException(FACILITY_PROFILE_READ_ONLY);
    await this.db.transaction(async (tx) => {
      await claimNpi(tx, facilityId, profile.npi ?? null);
      if (!user.membership) {
        // A member removed from another facility keeps an inactive row (user_id is the key):
        // creating their own facility replaces it. An active row means a concurrent create won.
        const inserted = await tx.query(
          `INSERT INTO facility_members (user_id, facility_id, role, is_legacy_admin, can_create_jobs, can_edit_jobs,
             can_publish_jobs, can_manage_bids, can_manage_users, can_manage_billing)
           VALUES ($1, $2, 'admin', true, true, true, true, true, true, true)
           ON CONFLICT (user_id) DO UPDATE SET facility_id = EXCLUDED.facility_id, role = 'admin', is_legacy_admin = true,
             is_active = true, can_create_jobs = true, can_edit_jobs = true, can_publish_jobs = true, can_manage_bids = true,
             can_manage_users = true, can_manage_billing = true, created_by = NULL, created_at = now()
           WHERE NOT facility_members.is_active
           RETURNING user_id`,
          [user.id, facilityId],
        );
        if (returnedRows(inserted).length === 0) throw new ConflictException(FACILITY_ALREADY_CREATED);
      }
    });
    const fields = facilityProfileFrom(profile);
    const now = new Date();
    const command = user.membership
      ? ({ type: 'UpdateFacilityProfile', profile: fields, now } as const)
      : ({ type: 'RegisterFacility', facility_id: facilityId, admin_user_id: user.id, profile: fields, now } as const);
    await this.commands.handle(facilityStream(facilityId), facilityDecider, command, metadata);
    return { ...(await facilityView(this.db, facilityId)), can_edit: true };
  }
}
