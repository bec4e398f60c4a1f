import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminApplicantsController } from './admin-applicants.controller';
import { AdminAuditController } from './admin-audit.controller';
import { AdminFacilitiesController } from './admin-facilities.controller';
import { AdminReviewQueueController } from './admin-review-queue.controller';
import { AdminApplicantCommands } from './commands/admin-applicant-commands';
import { AdminFacilityCommands } from './commands/admin-facility-commands';
import { AdminApplicantQueries } from './queries/admin-applicant-queries';
import { AdminFacilityQueries } from './queries/admin-facility-queries';
import { AsOfQueries } from './queries/as-of-queries';
import { AuditQueries } from './queries/audit-queries';
import { ReviewQueueQueries } from './queries/review-queue-queries';
import { ReviewEmails } from './review-emails';
import { VerificationEmails } from './verification-emails';

/** The platform admins' console: review, verify, suspend, credit, audit histories and the whole log, see records as of any moment; the review emails (to admins) and decision emails (to owners). */
@Module({
  imports: [AuthModule],
  controllers: [AdminReviewQueueController, AdminFacilitiesController, AdminApplicantsController, AdminAuditController],
  providers: [
    AdminFacilityCommands,
    AdminApplicantCommands,
    AdminFacilityQueries,
    AdminApplicantQueries,
    ReviewQueueQueries,
    AuditQueries,
    AsOfQueries,
    ReviewEmails,
    VerificationEmails,
  ],
})
export class AdminModule {}
