import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dueLicenseReminder, LICENSE_REMINDER_DAYS } from '../domain/applicants/license-expiry';
import { utcToday } from '../domain/postings/calendar';
import { Queues } from '../queues/queues';
import { ALERT_EMAILS, type LicenseReminderJob } from './alert-jobs';

export const licenseReminderJobId = (job: LicenseReminderJob) =>
  `license-reminder-${job.applicant_id}-${job.license_expires_at}-${job.days_before}`;

/**
 * The daily sweep: each active applicant whose license expires within 60 days gets the reminder
 * due today (60, 30, 7 days before, or on the day), each once per expiry date: a renewed license
 * (a new date) starts over. Missed days (a worker down) send the nearest reminder, not a burst.
 */
@Injectable()
export class LicenseReminders {
  constructor(
    private readonly db: DataSource,
    private readonly queues: Queues,
  ) {}

  /** Queues the reminders due at `now`; answers how many. */
  async sweep(now: Date): Promise<number> {
    const today = utcToday(now);
    const expiring: { applicant_id: string; expires: string }[] = await this.db.query(
      `SELECT a.id AS applicant_id, to_char(a.license_expires_at, 'YYYY-MM-DD') AS expires
         FROM applicants a JOIN users u ON u.id = a.user_id
        WHERE a.license_expires_at BETWEEN $1::date AND $1::date + $2::int
          AND a.is_active AND u.is_active
        ORDER BY a.license_expires_at, a.id`,
      [today, LICENSE_REMINDER_DAYS[0]],
    );
    let queued = 0;
    for (const { applicant_id, expires } of expiring) {
      const days_before = dueLicenseReminder(expires, now);
      if (days_before === null) continue;
      const job: LicenseReminderJob = { applicant_id, license_expires_at: expires, days_before };
      if (await this.sent(job)) continue;
      // Queued before it is recorded, with a job id of its own: a crash in between cannot double it.
      await this.queues.enqueue({ queue: 'mail', name: ALERT_EMAILS.licenseReminder, data: job, jobId: licenseReminderJobId(job) });
      await this.db.query(
        `INSERT INTO license_reminders (applicant_id, license_expires_at, days_before) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [applicant_id, expires, days_before],
      );
      queued += 1;
    }
    return queued;
  }

  private async sent(job: LicenseReminderJob): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM license_reminders WHERE applicant_id = $1 AND license_expires_at = $2 AND days_before = $3',
      [job.applicant_id, job.license_expires_at, job.days_before],
    );
    return rows.length > 0;
  }
}
