import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { applicantDecider, applicantStream } from '../domain/applicants/applicant';
import type { VerificationStatus } from '../domain/accounts/constants';
import { facilityDecider, facilityStream } from '../domain/facilities/facility';
import { personName } from '../domain/shared/format';
import { identityFieldList, identityMessages } from '../domain/shared/identity';
import { reviewMessages } from '../domain/shared/review-messages';
import { CONFIG, type Config } from '../config/config';
import { renderEmail } from '../mail/layout';
import { MailComposers } from '../mail/mail-composers';
import type { OutgoingEmail } from '../mail/mailer';
import { CommandBus } from '../platform/command-bus';
import { AWAITING_REVIEW_EMAIL, BACK_IN_REVIEW_EMAIL, type AwaitingReviewJob, type BackInReviewJob } from './review.reactor';

interface PlatformAdmin {
  email: string;
  first_name: string | null;
}

/** The platform admins' emails about records to review (new, or back in review), composed in the mail worker. */
@Injectable()
export class ReviewEmails implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly composers: MailComposers,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.composers.register(BACK_IN_REVIEW_EMAIL, (job: BackInReviewJob) => this.backInReview(job));
    this.composers.register(AWAITING_REVIEW_EMAIL, (job: AwaitingReviewJob) => this.awaitingReview(job));
  }

  private async awaitingReview(job: AwaitingReviewJob): Promise<OutgoingEmail[] | null> {
    const admins = await this.platformAdmins();
    if (admins.length === 0) return null;
    const { name, status } = await this.record(job);
    // Already reviewed by the time the email goes out (a queue that was down for a while): nothing awaits.
    if (status !== 'pending') return null;
    const what = job.kind;
    return admins.map((admin) => ({
      to: admin.email,
      ...renderEmail({
        subject: reviewMessages.awaitingReview(what, name),
        greeting: admin.first_name ? `Hi ${admin.first_name},` : 'Hi,',
        heading: `A new ${what} is waiting for review`,
        paragraphs: [
          `${name} just registered on Tenens and is pending verification.`,
          what === 'applicant'
            ? 'They can bid once an admin has checked their identity, license and NPI and verified them.'
            : 'They can post jobs once an admin has checked the facility and its NPI and verified it.',
        ],
        action: { label: `Review the ${what}`, url: this.adminLink(job) },
        footnote: 'You get this email because you are a Tenens platform admin.',
      }),
    }));
  }

  private async backInReview(job: BackInReviewJob): Promise<OutgoingEmail[] | null> {
    const admins = await this.platformAdmins();
    if (admins.length === 0) return null;
    const name = await this.recordName(job);
    const subject = identityMessages.adminNotice(name, job.fields);
    const what = job.kind === 'applicant' ? 'applicant' : 'facility';
    return admins.map((admin) => ({
      to: admin.email,
      ...renderEmail({
        subject,
        greeting: admin.first_name ? `Hi ${admin.first_name},` : 'Hi,',
        heading: `A verified ${what} is back in review`,
        paragraphs: [
          `${subject}.`,
          `An admin checked the ${identityFieldList(job.fields)} when verifying this ${what}, so it is pending again until an admin verifies or rejects the change.`,
        ],
        action: { label: `Review the ${what}`, url: this.adminLink(job) },
        footnote: 'You get this email because you are a Tenens platform admin.',
      }),
    }));
  }

  private platformAdmins(): Promise<PlatformAdmin[]> {
    return this.db.query('SELECT email, first_name FROM users WHERE is_admin AND is_active ORDER BY email');
  }

  private adminLink(job: AwaitingReviewJob): string {
    return `${this.config.APP_URL}/admin/${job.kind === 'applicant' ? 'applicants' : 'facilities'}/${job.id}`;
  }

  /** The record's name as its stream holds it now (never behind the log). */
  private async recordName(job: AwaitingReviewJob): Promise<string> {
    return (await this.record(job)).name;
  }

  private async record(job: AwaitingReviewJob): Promise<{ name: string; status: VerificationStatus }> {
    if (job.kind === 'facility') {
      const facility = await this.commands.load(facilityStream(job.id), facilityDecider);
      return { name: facility.identity.name || 'A facility', status: facility.verification_status };
    }
    const applicant = await this.commands.load(applicantStream(job.id), applicantDecider);
    return { name: personName(applicant.identity) || 'An applicant', status: applicant.verification_status };
  }
}
