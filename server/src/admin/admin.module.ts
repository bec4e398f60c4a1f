import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AdminApplicantsController } from './admin-applicants.controller';
import { AdminFacilitiesController } from './admin-facilities.controller';

/** The platform admins' console: review, verify, suspend, credit, and audit histories. */
@Module({
  imports: [AccountsModule],
  controllers: [AdminFacilitiesController, AdminApplicantsController],
})
export class AdminModule {}
