import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApplicantProfileCommands } from '../../applicants/commands/applicant-profile-commands';
import type { SessionUser } from '../../auth/session-user';
import { frequencyDays, JOB_ALERT_MESSAGES, type JobAlertSettings, type JobAlertsView } from '../../domain/alerts/job-alerts';
import { InvalidRequest } from '../../domain/shared/errors';
import { JobAlertSchedules } from '../job-alert-schedules';
import { JobAlertQueries } from '../queries/job-alert-queries';
import { UnsubscribeTokens } from '../unsubscribe-tokens';

/**
 * The job alerts setting: daily or weekly is the profile's job_search_frequency_days (an event,
 * as every profile edit) with alerts on; off is a preference row. Either way the digest scheduler
 * follows at once.
 */
@Injectable()
export class JobAlertCommands {
  constructor(
    private readonly db: DataSource,
    private readonly profiles: ApplicantProfileCommands,
    private readonly schedules: JobAlertSchedules,
    private readonly queries: JobAlertQueries,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  async set(user: SessionUser, applicantId: string, { frequency }: JobAlertSettings): Promise<JobAlertsView> {
    if (frequency !== 'off') {
      const days = frequencyDays(frequency);
      const [row] = await this.db.query('SELECT job_search_frequency_days AS days FROM applicants WHERE id = $1', [applicantId]);
      if (row?.days !== days) await this.profiles.setJobSearchFrequency(user, applicantId, days);
    }
    await this.schedules.setEnabled(applicantId, frequency !== 'off');
    await this.schedules.sync(applicantId);
    return this.queries.view(applicantId);
  }

  /** One click from an alert email, signed in or not: alerts off. Unsubscribing twice is fine. */
  async unsubscribe(token: string): Promise<{ message: string }> {
    const applicantId = this.tokens.verify(token);
    if (!applicantId) throw new InvalidRequest(JOB_ALERT_MESSAGES.unsubscribeInvalid);
    await this.schedules.setEnabled(applicantId, false);
    await this.schedules.sync(applicantId);
    return { message: JOB_ALERT_MESSAGES.unsubscribed };
  }
}
