import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { alertCriteria, digestPeriod, DIGEST_MAX_POSTINGS, postingMatches, type AlertPosting } from '../domain/alerts/job-alerts';
import { DAY_MS } from '../domain/postings/calendar';
import { EMPTY_SEARCH_FILTERS, searchFiltersSchema } from '../domain/postings';
import { Queues } from '../queues/queues';
import { ALERT_EMAILS, type DigestEmailJob } from './alert-jobs';

export type DigestOutcome = 'off' | 'already_sent' | 'nothing_new' | 'queued';

interface Subscriber {
  role_type: string;
  license_state: string | null;
  days: number;
  receives: boolean;
  filters: unknown;
}

/** New postings a single digest looks at, newest first: far more than a period ever brings. */
const CANDIDATE_LIMIT = 5000;

/** One digest email job per applicant and period: the job id, and the sent-once key of its email. */
export const digestJobId = (applicantId: string, periodStart: string) => `job-alert-${applicantId}-${periodStart}`;

/**
 * An applicant's job alert digest for the period `now` falls in: the live postings published
 * since the last digest (the first one: since one period ago) that match their saved search,
 * their role and a license state (alertCriteria). Nothing is queued when nothing matched, and a
 * period that already has its digest queues nothing again.
 */
@Injectable()
export class JobAlertDigests {
  constructor(
    private readonly db: DataSource,
    private readonly queues: Queues,
  ) {}

  async run(applicantId: string, now: Date): Promise<DigestOutcome> {
    const subscriber = await this.subscriber(applicantId);
    if (!subscriber?.receives) return 'off';
    const period = digestPeriod(now, subscriber.days);
    if (await this.sentFor(applicantId, period.start)) return 'already_sent';
    const since = (await this.lastCovered(applicantId)) ?? new Date(now.getTime() - subscriber.days * DAY_MS);
    const filters = searchFiltersSchema.safeParse(subscriber.filters ?? {});
    const criteria = alertCriteria(filters.success ? filters.data : EMPTY_SEARCH_FILTERS, subscriber);
    const matches = (await this.published(subscriber.role_type, since, now)).filter((posting) => postingMatches(posting, criteria));
    if (matches.length === 0) return 'nothing_new';
    const job: DigestEmailJob = {
      applicant_id: applicantId,
      period_start: period.start,
      posting_ids: matches.slice(0, DIGEST_MAX_POSTINGS).map((posting) => posting.id),
      total: matches.length,
    };
    // Queued before it is recorded: a crash in between runs again into the same job id, which
    // BullMQ ignores, so the period's digest is neither lost nor doubled.
    await this.queues.enqueue({ queue: 'mail', name: ALERT_EMAILS.digest, data: job, jobId: digestJobId(applicantId, period.start) });
    await this.db.query(
      `INSERT INTO job_alert_digests (applicant_id, period_start, covered_until, posting_count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (applicant_id, period_start) DO NOTHING`,
      [applicantId, period.start, now, matches.length],
    );
    return 'queued';
  }

  private async subscriber(applicantId: string): Promise<Subscriber | undefined> {
    const [row] = await this.db.query(
      `SELECT a.role_type, a.license_state, a.job_search_frequency_days AS days, f.filters,
              (a.is_active AND u.is_active AND coalesce(s.enabled, true)) AS receives
         FROM applicants a
         JOIN users u ON u.id = a.user_id
         LEFT JOIN job_alert_settings s ON s.applicant_id = a.id
         LEFT JOIN applicant_search_filters f ON f.applicant_id = a.id
        WHERE a.id = $1`,
      [applicantId],
    );
    return row;
  }

  private async sentFor(applicantId: string, periodStart: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM job_alert_digests WHERE applicant_id = $1 AND period_start = $2', [
      applicantId,
      periodStart,
    ]);
    return rows.length > 0;
  }

  private async lastCovered(applicantId: string): Promise<Date | null> {
    const [row] = await this.db.query(
      'SELECT covered_until FROM job_alert_digests WHERE applicant_id = $1 ORDER BY covered_until DESC LIMIT 1',
      [applicantId],
    );
    return row ? new Date(row.covered_until) : null;
  }

  /** Live postings of a role published in (since, now], through the live postings' newest-first index. */
  private async published(roleType: string, since: Date, now: Date): Promise<(AlertPosting & { id: string })[]> {
    const rows: (AlertPosting & { id: string; malpractice_amount: string | number | null })[] = await this.db.query(
      `SELECT p.id, p.role_type, p.required_license_state, p.facility_city, p.facility_state, p.procedure_type_ids,
              p.on_call_ratio, p.supervision_type, p.malpractice_amount
         FROM job_postings p
        WHERE p.status = 'active' AND p.facility_active AND p.auto_expire_date > $1
          AND p.published_at > $2 AND p.published_at <= $1 AND p.role_type = $3
        ORDER BY p.published_at DESC, p.id
        LIMIT ${CANDIDATE_LIMIT}`,
      [now, since, roleType],
    );
    return rows.map((row) => ({ ...row, malpractice_amount: row.malpractice_amount === null ? null : Number(row.malpractice_amount) }));
  }
}
