import { Module } from '@nestjs/common';
import { ApplicantProfileController } from './applicant-profile.controller';
import { ApplicantProfileCommands } from './commands/applicant-profile-commands';

/** An applicant's own profile. */
@Module({
  controllers: [ApplicantProfileController],
  providers: [ApplicantProfileCommands],
  // Account settings rename applicants through it.
  exports: [ApplicantProfileCommands],
})
export class ApplicantsModule {}
