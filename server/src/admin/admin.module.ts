import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminApplicantsController } from './admin-applicants.controller';
import { AdminFacilitiesController } from './admin-facilities.controller';
import { AdminApplicantCommands } from './commands/admin-applicant-commands';
import { AdminFacilityCommands } from './commands/admin-facility-commands';
import { AdminApplicantQueries } from './queries/admin-applicant-queries';
import { AdminFacilityQueries } from './queries/admin-facility-queries';

/** The platform admins' console: review, verify, suspend, credit, and audit histories. */
@Module({
  imports: [AuthModule],
  controllers: [AdminFacilitiesController, AdminApplicantsController],
  providers: [AdminFacilityCommands, AdminApplicantCommands, AdminFacilityQueries, AdminApplicantQueries],
})
export class AdminModule {}
