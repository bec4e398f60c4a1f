import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config/config';
import { digestPeriod } from '../domain/alerts/job-alerts';
import { DAY_MS } from '../domain/postings/calendar';
import { Queues } from '../queues/queues';
import { ALERT_JOBS, type ApplicantJob } from './alert-jobs';
import { JobAlertDigests } from './digests';
import { JobAlertSchedules } from './job-alert-schedules';
import { LicenseReminders } from './license-reminders';

export const LICENSE_SWEEP_SCHEDULER = 'license-reminders';
const RECONCILE_BATCH = 500;

/**
 * Runs the alerts queue (in `all` and `worker` mode): digest runs, schedule syncs and the daily
 * license reminder sweep. Schedulers live only in Redis, so every start also schedules the sweep
 * and every applicant's digests from the tables (upserts: a start adds nothing that was there).
 */
@Injectable()
export class AlertsWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('Alerts');

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly db: DataSource,
    private readonly queues: Queues,
    private readonly digests: JobAlertDigests,
    private readonly schedules: JobAlertSchedules,
    private readonly reminders: LicenseReminders,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUN_MODE === 'api') return;
    this.queues.startWorker('alerts', async (job) => {
      const now = new Date();
      if (job.name === ALERT_JOBS.digest) return this.digests.run((job.data as ApplicantJob).applicant_id, now);
      if (job.name === ALERT_JOBS.sync) return this.schedules.sync((job.data as ApplicantJob).applicant_id, now);
      if (job.name === ALERT_JOBS.licenseSweep) return this.reminders.sweep(now);
      return undefined;
    });
    // Start-up does not wait for Redis: a failure is logged and the next start tries again.
    this.reconcile().catch((error: unknown) => this.logger.warn(`Could not schedule alerts: ${(error as Error).message}`));
  }

  /** Schedules the daily sweep and the digests of every active applicant with alerts on; answers how many digests. */
  async reconcile(now = new Date()): Promise<number> {
    await this.queues.schedule('alerts', LICENSE_SWEEP_SCHEDULER, DAY_MS, digestPeriod(now, 1).next, {
      name: ALERT_JOBS.licenseSweep,
      data: {},
    });
    let after = '00000000-0000-0000-0000-000000000000';
    let count = 0;
    for (;;) {
      const rows: { id: string }[] = await this.db.query(
        `SELECT a.id FROM applicants a LEFT JOIN job_alert_settings s ON s.applicant_id = a.id
          WHERE a.id > $1 AND a.is_active AND coalesce(s.enabled, true) ORDER BY a.id LIMIT ${RECONCILE_BATCH}`,
        [after],
      );
      for (const { id } of rows) await this.schedules.sync(id, now);
      count += rows.length;
      if (rows.length < RECONCILE_BATCH) return count;
      after = rows[rows.length - 1].id;
    }
  }
}
