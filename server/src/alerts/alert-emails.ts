import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config/config';
import { JOB_ALERT_FREQUENCY_LABELS } from '../domain/alerts/job-alerts';
import { licenseReminderText, type LicenseReminderDays } from '../domain/applicants/license-expiry';
import { formatCalendarDate, formatDateRange, formatPlace, formatRate, pluralize } from '../domain/shared/format';
import { renderEmail, type EmailContent } from '../mail/layout';
import { MailComposers } from '../mail/mail-composers';
import type { OutgoingEmail } from '../mail/mailer';
import { ALERT_EMAILS, type DigestEmailJob, type LicenseReminderJob } from './alert-jobs';
import { UnsubscribeTokens } from './unsubscribe-tokens';

interface Recipient {
  email: string;
  first_name: string | null;
  days: number;
  receives: boolean;
}

interface DigestPosting {
  id: string;
  title: string;
  hourly_rate: number;
  facility_name: string;
  facility_city: string | null;
  facility_state: string | null;
  start_date: string;
  end_date: string;
}

/**
 * Composes the alert emails at send time: the job alert digest (with its one-click unsubscribe
 * link and List-Unsubscribe headers, RFC 8058) and the license reminders. A digest whose
 * applicant turned alerts off after it was queued is not sent.
 */
@Injectable()
export class AlertEmails implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly composers: MailComposers,
    private readonly tokens: UnsubscribeTokens,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.composers.register(ALERT_EMAILS.digest, (job: DigestEmailJob) => this.digest(job));
    this.composers.register(ALERT_EMAILS.licenseReminder, (job: LicenseReminderJob) => this.licenseReminder(job));
  }

  private async recipient(applicantId: string): Promise<Recipient | undefined> {
    const [row] = await this.db.query(
      `SELECT u.email, u.first_name, a.job_search_frequency_days AS days,
              (a.is_active AND u.is_active AND coalesce(s.enabled, true)) AS receives
         FROM applicants a JOIN users u ON u.id = a.user_id
         LEFT JOIN job_alert_settings s ON s.applicant_id = a.id
        WHERE a.id = $1`,
      [applicantId],
    );
    return row;
  }

  /** The one-click unsubscribe addresses: the page a person opens, and the API a mail client POSTs to. */
  unsubscribeLinks(applicantId: string) {
    const token = encodeURIComponent(this.tokens.sign(applicantId));
    return {
      page: `${this.config.APP_URL}/unsubscribe?token=${token}`,
      oneClick: `${this.config.APP_URL}/api/job-alerts/unsubscribe?token=${token}`,
    };
  }

  private async digest(job: DigestEmailJob): Promise<OutgoingEmail | null> {
    const to = await this.recipient(job.applicant_id);
    if (!to?.receives) return null;
    const postings: DigestPosting[] = await this.db.query(
      `SELECT id, title, hourly_rate, facility_name, facility_city, facility_state,
              to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date
         FROM job_postings WHERE id = ANY($1::uuid[]) ORDER BY published_at DESC, id`,
      [job.posting_ids],
    );
    if (postings.length === 0) return null;
    const links = this.unsubscribeLinks(job.applicant_id);
    const frequency = JOB_ALERT_FREQUENCY_LABELS[to.days === 1 ? 'daily' : 'weekly'].toLowerCase();
    const more = job.total - postings.length;
    const content: EmailContent = {
      subject: `${pluralize(job.total, 'new job')} matching your search`,
      greeting: to.first_name ? `Hi ${to.first_name},` : 'Hi,',
      heading: 'New jobs for you',
      paragraphs: [
        `${pluralize(job.total, 'job')} matching your saved search ${job.total === 1 ? 'was' : 'were'} posted since your last alert.`,
        ...(more > 0 ? [`Here are the newest ${postings.length}; ${more} more are waiting in your job search.`] : []),
      ],
      details: postings.map((p) => [
        p.title,
        [p.facility_name, formatPlace(p.facility_city, p.facility_state)].filter(Boolean).join(', ') +
          ` · ${formatRate(Number(p.hourly_rate))} · ${formatDateRange(p.start_date, p.end_date)}`,
      ]),
      action: { label: 'See the jobs', url: `${this.config.APP_URL}/jobs` },
      footnote: `You receive this ${frequency} job alert because of the job search you saved on Tenens. Change how often in your profile.`,
      unsubscribe: { label: 'Unsubscribe from job alerts', url: links.page },
    };
    return {
      to: to.email,
      ...renderEmail(content),
      headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  private async licenseReminder(job: LicenseReminderJob): Promise<OutgoingEmail | null> {
    const [row] = await this.db.query(
      `SELECT u.email, u.first_name, to_char(a.license_expires_at, 'YYYY-MM-DD') AS expires, a.license_state
         FROM applicants a JOIN users u ON u.id = a.user_id WHERE a.id = $1 AND a.is_active AND u.is_active`,
      [job.applicant_id],
    );
    // Renewed since (a new date): this reminder is void.
    if (!row || row.expires !== job.license_expires_at) return null;
    const text = licenseReminderText(job.days_before as LicenseReminderDays, formatCalendarDate(job.license_expires_at));
    return {
      to: row.email,
      ...renderEmail({
        subject: text.subject,
        greeting: row.first_name ? `Hi ${row.first_name},` : 'Hi,',
        heading: text.subject,
        paragraphs: [text.lead, 'Once you renewed it, enter the new expiration date in your profile.'],
        details: [
          ['License state', row.license_state ?? ''],
          ['Expires', formatCalendarDate(job.license_expires_at)],
        ],
        action: { label: 'Update your profile', url: `${this.config.APP_URL}/applicant-profile` },
        footnote: 'You receive this reminder because an expired license stops you from bidding on Tenens.',
      }),
    };
  }
}
