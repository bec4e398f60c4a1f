import { Module } from '@nestjs/common';
import { FacilityProfileCommands } from './commands/facility-profile-commands';
import { FacilityProfileController } from './facility-profile.controller';

/** A facility member's own facility profile (creating the facility when they have none). */
@Module({
  controllers: [FacilityProfileController],
  providers: [FacilityProfileCommands],
})
export class FacilitiesModule {}
