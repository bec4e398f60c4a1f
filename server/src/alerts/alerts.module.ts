import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module';
import { AlertEmails } from './alert-emails';
import { AlertsWorker } from './alerts.worker';
import { JobAlertCommands } from './commands/job-alert-commands';
import { JobAlertDigests } from './digests';
import { JobAlertSchedules } from './job-alert-schedules';
import { JobAlertsController, JobAlertsUnsubscribeController } from './job-alerts.controller';
import { LicenseReminders } from './license-reminders';
import { JobAlertQueries } from './queries/job-alert-queries';
import { UnsubscribeTokens } from './unsubscribe-tokens';

/** Job alert digests with one-click unsubscribe, and license expiry reminders. */
@Module({
  imports: [ApplicantsModule],
  controllers: [JobAlertsController, JobAlertsUnsubscribeController],
  providers: [
    AlertEmails,
    AlertsWorker,
    JobAlertCommands,
    JobAlertDigests,
    JobAlertQueries,
    JobAlertSchedules,
    LicenseReminders,
    UnsubscribeTokens,
  ],
})
export class AlertsModule {}
