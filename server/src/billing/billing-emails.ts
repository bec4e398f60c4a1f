import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config/config';
import { billingTypeLabel, centsToDollars } from '../domain/billing';
import { postingDecider, postingStream } from '../domain/postings';
import { formatAmount, formatDate, personName } from '../domain/shared/format';
import { renderEmail, type EmailContent } from '../mail/layout';
import { MailComposers } from '../mail/mail-composers';
import type { OutgoingEmail } from '../mail/mailer';
import { CommandBus } from '../platform/command-bus';
import {
  BILLING_EMAILS,
  type BillingManagerNeededJob,
  type PaymentFailedJob,
  type ReceiptJob,
  type SubscriptionEndedJob,
} from './billing-email-jobs';

interface Person {
  email: string;
  first_name: string | null;
  last_name: string | null;
}

const TERMS = 'No refunds; prices in US dollars.';
const FOOTNOTE = 'You receive this email because you manage billing for your facility on Tenens.';

const ENDED_BECAUSE: Record<string, string> = {
  withdrawn: 'the posting was withdrawn',
  expired: 'the posting expired',
  provider: 'the payment provider ended it',
  payment_failed: 'the monthly payment did not go through',
};

/**
 * Billing's emails to the facility's billing managers (legacy admins, admins and members with
 * can_manage_billing): receipts, a failed payment, the end of a subscription, and a member's
 * request to pay for a posting. Composed at send time; the posting's title from its stream.
 */
@Injectable()
export class BillingEmails implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly composers: MailComposers,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.composers.register(BILLING_EMAILS.receipt, (job: ReceiptJob) => this.receipt(job));
    this.composers.register(BILLING_EMAILS.paymentFailed, (job: PaymentFailedJob) => this.paymentFailed(job));
    this.composers.register(BILLING_EMAILS.subscriptionEnded, (job: SubscriptionEndedJob) => this.subscriptionEnded(job));
    this.composers.register(BILLING_EMAILS.managerNeeded, (job: BillingManagerNeededJob) => this.managerNeeded(job));
  }

  private async receipt(job: ReceiptJob): Promise<OutgoingEmail[] | null> {
    const title = await this.title(job.posting_id);
    const amount = formatAmount(centsToDollars(job.amount_cents));
    const details: [string, string][] = [
      ['Job', title],
      ['Amount', `${amount} (USD)`],
      ['Type', billingTypeLabel(job.billing_type)],
      ['Paid', formatDate(job.paid_at)],
    ];
    if (job.period_start && job.period_end) details.push(['Period', `${formatDate(job.period_start)} – ${formatDate(job.period_end)}`]);
    return this.toManagers(job.facility_id, {
      subject: `Receipt: ${amount} for ${title}`,
      heading: 'Thank you for your payment',
      paragraphs: [`We received ${amount} for your job posting "${title}".`, TERMS],
      details,
      action: { label: 'View the posting', url: this.link(job.posting_id) },
    });
  }

  private async paymentFailed(job: PaymentFailedJob): Promise<OutgoingEmail[] | null> {
    const title = await this.title(job.posting_id);
    const amount = formatAmount(centsToDollars(job.amount_cents));
    return this.toManagers(job.facility_id, {
      subject: `Payment failed for ${title}`,
      heading: 'Your monthly payment did not go through',
      paragraphs: [
        `We could not charge ${amount} for your job posting "${title}": ${job.reason}`,
        'The posting stays live until the end of this month; if it is still unpaid then, billing stops and the posting is taken down. You can reactivate it with a posting credit or a new payment.',
      ],
      action: { label: 'View the posting', url: this.link(job.posting_id) },
    });
  }

  private async subscriptionEnded(job: SubscriptionEndedJob): Promise<OutgoingEmail[] | null> {
    const title = await this.title(job.posting_id);
    return this.toManagers(job.facility_id, {
      subject: `Billing ended for ${title}`,
      heading: 'Your posting subscription has ended',
      paragraphs: [
        `Billing for your job posting "${title}" stopped on ${formatDate(job.at)} because ${ENDED_BECAUSE[job.reason] ?? job.reason}.`,
        `Nothing more will be charged for it. ${TERMS}`,
      ],
      action: { label: 'View the posting', url: this.link(job.posting_id) },
    });
  }

  private async managerNeeded(job: BillingManagerNeededJob): Promise<OutgoingEmail[] | null> {
    const title = await this.title(job.posting_id);
    const [asker]: Person[] = await this.db.query('SELECT email, first_name, last_name FROM users WHERE id = $1', [job.asked_by]);
    const who = asker ? personName(asker) || asker.email : 'A member of your facility';
    return this.toManagers(job.facility_id, {
      subject: `Payment needed to publish ${title}`,
      heading: 'A job posting is waiting for payment',
      paragraphs: [`${who} wants to publish "${title}", which needs a payment. Open the posting and publish it to pay.`],
      action: { label: 'Pay for the posting', url: this.link(job.posting_id) },
    });
  }

  private link(postingId: string): string {
    return `${this.config.APP_URL}/jobs/${postingId}`;
  }

  private async title(postingId: string): Promise<string> {
    const posting = await this.commands.load(postingStream(postingId), postingDecider);
    return posting.status === 'none' ? 'your job posting' : posting.fields.title;
  }

  private async toManagers(facilityId: string, content: EmailContent): Promise<OutgoingEmail[] | null> {
    const managers = await this.billingManagers(facilityId);
    if (managers.length === 0) return null;
    return managers.map((to) => ({
      to: to.email,
      ...renderEmail({ ...content, greeting: to.first_name ? `Hi ${to.first_name},` : 'Hi,', footnote: FOOTNOTE }),
    }));
  }

  private billingManagers(facilityId: string): Promise<Person[]> {
    return this.db.query(
      `SELECT u.email, u.first_name, u.last_name
         FROM facility_members m JOIN users u ON u.id = m.user_id
        WHERE m.facility_id = $1 AND m.is_active AND u.is_active
          AND (m.is_legacy_admin OR m.role = 'admin' OR m.can_manage_billing)
        ORDER BY u.created_at, u.id`,
      [facilityId],
    );
  }
}
