/** The alert emails and background jobs, by job name. */
export const ALERT_EMAILS = {
  digest: 'job-alert-digest',
  licenseReminder: 'license-reminder',
} as const;

export const ALERT_JOBS = {
  /** A scheduler's run: one applicant's digest for the period it runs in. */
  digest: 'job-alert-digest',
  /** After a profile or status change: put the applicant's digest scheduler in line with it. */
  sync: 'job-alert-sync',
  /** Daily: the license reminders due today. */
  licenseSweep: 'license-reminder-sweep',
} as const;

export interface DigestEmailJob {
  applicant_id: string;
  period_start: string;
  /** The newest matches, at most DIGEST_MAX_POSTINGS. */
  posting_ids: string[];
  total: number;
}

export interface LicenseReminderJob {
  applicant_id: string;
  license_expires_at: string;
  days_before: number;
}

export interface ApplicantJob {
  applicant_id: string;
}
