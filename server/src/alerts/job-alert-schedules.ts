import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { alertScheduleOf, digestPeriod } from '../domain/alerts/job-alerts';
import { applicantStream, isApplicantEvent } from '../domain/applicants/applicant';
import { DAY_MS } from '../domain/postings/calendar';
import { EVENT_STORE, type EventStore } from '../eventstore/event-store.port';
import { Queues } from '../queues/queues';
import { ALERT_JOBS, type ApplicantJob } from './alert-jobs';

export const digestSchedulerId = (applicantId: string) => `job-alerts-${applicantId}`;

/**
 * Keeps each applicant's digest scheduler (a BullMQ job scheduler every 1 or 7 days, at the next
 * period's start) in line with their stream (active, frequency) and their alerts setting. Every
 * change and every worker start may sync: an upsert with the same period replaces the pending
 * run, so nothing runs twice.
 */
@Injectable()
export class JobAlertSchedules {
  constructor(
    private readonly db: DataSource,
    private readonly queues: Queues,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async sync(applicantId: string, now = new Date()): Promise<'scheduled' | 'unscheduled'> {
    const schedule = alertScheduleOf((await this.events.readStream(applicantStream(applicantId))).filter(isApplicantEvent));
    if (!schedule?.is_active || !(await this.enabled(applicantId))) {
      await this.queues.unschedule('alerts', digestSchedulerId(applicantId));
      return 'unscheduled';
    }
    const data: ApplicantJob = { applicant_id: applicantId };
    await this.queues.schedule('alerts', digestSchedulerId(applicantId), schedule.days * DAY_MS, digestPeriod(now, schedule.days).next, {
      name: ALERT_JOBS.digest,
      data,
    });
    return 'scheduled';
  }

  async enabled(applicantId: string): Promise<boolean> {
    const [row] = await this.db.query('SELECT enabled FROM job_alert_settings WHERE applicant_id = $1', [applicantId]);
    return row?.enabled ?? true;
  }

  async setEnabled(applicantId: string, enabled: boolean): Promise<void> {
    await this.db.query(
      `INSERT INTO job_alert_settings (applicant_id, enabled, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (applicant_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
      [applicantId, enabled],
    );
  }
}
