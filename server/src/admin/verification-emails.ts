import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config/config';
import { reviewMessages, type ReviewDecision } from '../domain/shared/review-messages';
import { renderEmail, type EmailContent } from '../mail/layout';
import { MailComposers } from '../mail/mail-composers';
import type { OutgoingEmail } from '../mail/mailer';
import { REVIEW_DECISION_EMAIL, type ReviewDecisionJob } from './review.reactor';

interface Person {
  email: string;
  first_name: string | null;
}

type Body = Pick<EmailContent, 'heading' | 'paragraphs' | 'action'>;

const REPLY = 'If you have questions, reply to this email and it will reach the Tenens admin who reviewed your account.';

/**
 * The owner's email about an admin's decision on their record: the applicant themself, or a
 * facility's admins (role admin or the registering admin: they answer for the facility's
 * profile; members who only manage users or billing are not told). Composed at send time; a
 * reply goes to the admin who decided.
 */
@Injectable()
export class VerificationEmails implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly composers: MailComposers,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.composers.register(REVIEW_DECISION_EMAIL, (job: ReviewDecisionJob) => this.decision(job));
  }

  private async decision(job: ReviewDecisionJob): Promise<OutgoingEmail[] | null> {
    const recipients = job.kind === 'applicant' ? await this.applicant(job.id) : await this.facilityAdmins(job.id);
    if (recipients.length === 0) return null;
    const replyTo = await this.adminEmail(job.admin_user_id);
    const content = job.kind === 'applicant' ? this.applicantContent(job) : this.facilityContent(job, await this.facilityName(job.id));
    return recipients.map((person) => ({
      to: person.email,
      ...(replyTo ? { replyTo } : {}),
      ...renderEmail({ ...content, greeting: person.first_name ? `Hi ${person.first_name},` : 'Hi,' }),
    }));
  }

  private applicantContent(job: ReviewDecisionJob): EmailContent {
    const dashboard = { label: 'Go to your dashboard', url: `${this.config.APP_URL}/dashboard` };
    const bodies: Record<ReviewDecision, Body> = {
      verified: {
        heading: 'You are verified',
        paragraphs: [
          'A Tenens admin checked your identity and license, and your account is now verified.',
          'You can now bid on jobs, counter offers and get connected with facilities.',
        ],
        action: dashboard,
      },
      rejected: {
        heading: 'Your account needs a change before we can verify it',
        paragraphs: [
          ...reasonLine(job.reason),
          'Please check the name, license and NPI in your profile and correct what does not match your documents. Until your account is verified you cannot bid on jobs.',
          REPLY,
        ],
        action: { label: 'Update your profile', url: `${this.config.APP_URL}/applicant-profile` },
      },
      suspended: {
        heading: 'Your account is deactivated',
        paragraphs: [
          ...reasonLine(job.reason),
          'While it is deactivated you cannot bid on jobs or answer offers. Your bids and profile are kept.',
          REPLY,
        ],
      },
      reactivated: {
        heading: 'Your account is active again',
        paragraphs: ['A Tenens admin reactivated your account. You can bid on jobs and answer offers again.'],
        action: dashboard,
      },
    };
    return { subject: reviewMessages.subject.applicant[job.decision], ...bodies[job.decision], footnote: FOOTNOTE.applicant };
  }

  private facilityContent(job: ReviewDecisionJob, name: string): EmailContent {
    const dashboard = { label: 'Go to your dashboard', url: `${this.config.APP_URL}/dashboard` };
    const bodies: Record<ReviewDecision, Body> = {
      verified: {
        heading: `${name} is verified`,
        paragraphs: [
          `A Tenens admin checked ${name} and verified it.`,
          'You can now post jobs and receive bids from verified CRNAs and anesthesiologists.',
        ],
        action: dashboard,
      },
      rejected: {
        heading: `${name} needs a change before we can verify it`,
        paragraphs: [
          ...reasonLine(job.reason),
          "Please check the facility's name and NPI in its profile and correct what does not match. Until the facility is verified you cannot post jobs.",
          REPLY,
        ],
        action: { label: 'Update the facility profile', url: `${this.config.APP_URL}/facility-profile` },
      },
      suspended: {
        heading: `${name} is suspended`,
        paragraphs: [
          ...reasonLine(job.reason),
          'While it is suspended your team cannot post, edit or publish jobs or answer bids, and your postings are hidden from job search. Your postings and bids are kept.',
          REPLY,
        ],
      },
      reactivated: {
        heading: `${name} is active again`,
        paragraphs: [
          `A Tenens admin reactivated ${name}. Your team can post jobs and answer bids again, and your live postings are back in job search.`,
        ],
        action: dashboard,
      },
    };
    return { subject: reviewMessages.subject.facility[job.decision](name), ...bodies[job.decision], footnote: FOOTNOTE.facility };
  }

  private applicant(applicantId: string): Promise<Person[]> {
    return this.db.query(
      `SELECT u.email, u.first_name FROM applicants a JOIN users u ON u.id = a.user_id WHERE a.id = $1 AND u.is_active`,
      [applicantId],
    );
  }

  private facilityAdmins(facilityId: string): Promise<Person[]> {
    return this.db.query(
      `SELECT u.email, u.first_name FROM facility_members m JOIN users u ON u.id = m.user_id
        WHERE m.facility_id = $1 AND m.is_active AND u.is_active AND (m.role = 'admin' OR m.is_legacy_admin)
        ORDER BY u.email`,
      [facilityId],
    );
  }

  private async facilityName(facilityId: string): Promise<string> {
    const [row]: { name: string }[] = await this.db.query('SELECT name FROM facilities WHERE id = $1', [facilityId]);
    return row?.name ?? 'Your facility';
  }

  private async adminEmail(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const [row]: { email: string }[] = await this.db.query('SELECT email FROM users WHERE id = $1 AND is_admin AND is_active', [userId]);
    return row?.email ?? null;
  }
}

const FOOTNOTE = {
  applicant: 'You get this email because a Tenens admin reviewed your account.',
  facility: 'You get this email because you are an admin of this facility on Tenens.',
};

function reasonLine(reason: string | null): string[] {
  return reason ? [`The admin's reason: ${reason}`] : [];
}
