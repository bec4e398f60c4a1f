import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { digestPeriod, frequencyOf, type JobAlertsView } from '../../domain/alerts/job-alerts';
import { NotFoundError } from '../../domain/shared/errors';

/** An applicant's job alerts setting and when the next digest goes out. */
@Injectable()
export class JobAlertQueries {
  constructor(private readonly db: DataSource) {}

  async view(applicantId: string, now = new Date()): Promise<JobAlertsView> {
    const [row] = await this.db.query(
      `SELECT a.job_search_frequency_days AS days, a.is_active, coalesce(s.enabled, true) AS enabled
         FROM applicants a LEFT JOIN job_alert_settings s ON s.applicant_id = a.id WHERE a.id = $1`,
      [applicantId],
    );
    if (!row) throw new NotFoundError('Applicant not found');
    const frequency = frequencyOf(row.enabled, row.days);
    const receives = frequency !== 'off' && row.is_active;
    return { frequency, next_digest_at: receives ? digestPeriod(now, row.days).next.toISOString() : null };
  }
}
