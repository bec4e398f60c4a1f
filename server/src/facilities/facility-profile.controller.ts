import { Body, Controller, Get, NotFoundException, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { facilityProfileSchema, type FacilityProfile } from '../domain/accounts/profiles';
import { facilityProfileViewSchema } from '../domain/facilities/facility-view';
import { ApiAnswer, ApiErrorAnswers } from '../http/openapi';
import { CurrentUser, Roles } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { facilityView } from '../accounts/views';
import { canEditProfile, FacilityProfileCommands } from './commands/facility-profile-commands';

class FacilityProfileDto extends createZodDto(facilityProfileSchema) {}

export const FACILITY_PROFILE_NOT_FOUND = 'Facility profile not found';

@ApiTags('facilities')
@ApiBearerAuth()
@ApiErrorAnswers()
@Roles('facility_admin')
@Controller('facilities/profile')
export class FacilityProfileController {
  constructor(
    private readonly db: DataSource,
    private readonly profiles: FacilityProfileCommands,
  ) {}

  @Get()
  @ApiAnswer(facilityProfileViewSchema)
  async get(@CurrentUser() user: SessionUser) {
    const view = user.membership ? await facilityView(this.db, user.membership.facility_id) : null;
    if (!view) throw new NotFoundException(FACILITY_PROFILE_NOT_FOUND);
    return { ...view, can_edit: canEditProfile(user) };
  }

  /** Updates the caller's facility, or creates one (with the caller as its admin) when absent. */
  @Put()
  @ApiAnswer(facilityProfileViewSchema)
  put(@CurrentUser() user: SessionUser, @Body() body: FacilityProfileDto) {
    return this.profiles.save(user, body as FacilityProfile);
  }
}
