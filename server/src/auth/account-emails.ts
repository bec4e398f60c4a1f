import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, Config } from '../config/config';
import { renderEmail } from '../mail/layout';
import { MailComposers } from '../mail/mail-composers';
import type { OutgoingEmail } from '../mail/mailer';
import { Queues } from '../queues/queues';
import { issueEmailToken } from './email-tokens';
import { randomUUID } from 'node:crypto';

export const EMAIL_UNAVAILABLE = 'We could not send the email right now. Please try again in a few minutes.';

export type AccountEmailKind = 'verify-email' | 'change-email' | 'reset-password' | 'password-changed';

/** What an account email job carries: whose account; the link is made when the mail is composed. */
interface AccountEmailJob {
  user_id: string;
}

interface UserRow {
  id: string;
  email: string;
  pending_email: string | null;
  email_verified: boolean;
  first_name: string | null;
}

/**
 * The account emails: composed in the mail worker, where each gets a fresh single-use token,
 * so no token ever sits in Redis or the event log.
 */
@Injectable()
export class AccountEmails implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly composers: MailComposers,
    private readonly queues: Queues,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.composers.register('verify-email', (data: AccountEmailJob) => this.verifyEmail(data.user_id));
    this.composers.register('change-email', (data: AccountEmailJob) => this.changeEmail(data.user_id));
    this.composers.register('reset-password', (data: AccountEmailJob) => this.resetPassword(data.user_id));
    this.composers.register('password-changed', (data: AccountEmailJob) => this.passwordChanged(data.user_id));
  }

  /** Asks the mail worker to send one now; throws when the queue cannot take it. */
  async request(kind: AccountEmailKind, userId: string): Promise<void> {
    await this.queues.enqueue({ queue: 'mail', name: kind, data: { user_id: userId }, jobId: `${kind}-${randomUUID()}` });
  }

  private async user(id: string): Promise<UserRow | null> {
    const rows = await this.db.query('SELECT id, email, pending_email, email_verified, first_name FROM users WHERE id = $1 AND is_active', [
      id,
    ]);
    return rows[0] ?? null;
  }

  private greeting(user: UserRow): string {
    return user.first_name ? `Hi ${user.first_name},` : 'Hi,';
  }

  private async verifyEmail(userId: string): Promise<OutgoingEmail | null> {
    const user = await this.user(userId);
    if (!user || user.email_verified) return null;
    const token = await issueEmailToken(this.db, user.id, 'verify_email', user.email);
    return {
      to: user.email,
      ...renderEmail({
        subject: 'Verify your email address for Tenens',
        greeting: this.greeting(user),
        heading: 'Confirm your email address',
        paragraphs: ['Welcome to Tenens. Please confirm that this is your email address so you can sign in.'],
        action: { label: 'Verify email address', url: `${this.config.APP_URL}/verify-email?token=${token}` },
        footnote: 'This link works once and expires in 48 hours. If you did not create a Tenens account, you can ignore this email.',
      }),
    };
  }

  private async changeEmail(userId: string): Promise<OutgoingEmail | null> {
    const user = await this.user(userId);
    if (!user?.pending_email) return null;
    const token = await issueEmailToken(this.db, user.id, 'change_email', user.pending_email);
    return {
      to: user.pending_email,
      ...renderEmail({
        subject: 'Confirm your new email address for Tenens',
        greeting: this.greeting(user),
        heading: 'Confirm your new email address',
        paragraphs: [
          `You asked to sign in to Tenens with ${user.pending_email} instead of ${user.email}.`,
          'Your sign-in email changes as soon as you confirm it.',
        ],
        action: { label: 'Confirm new email', url: `${this.config.APP_URL}/verify-email?token=${token}` },
        footnote: 'This link works once and expires in 48 hours. If you did not ask for this, ignore this email and nothing changes.',
      }),
    };
  }

  private async resetPassword(userId: string): Promise<OutgoingEmail | null> {
    const user = await this.user(userId);
    if (!user) return null;
    const token = await issueEmailToken(this.db, user.id, 'reset_password', user.email);
    return {
      to: user.email,
      ...renderEmail({
        subject: 'Reset your Tenens password',
        greeting: this.greeting(user),
        heading: 'Reset your password',
        paragraphs: ['Someone (hopefully you) asked to reset the password of your Tenens account.'],
        action: { label: 'Choose a new password', url: `${this.config.APP_URL}/reset-password?token=${token}` },
        footnote: 'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
      }),
    };
  }

  private async passwordChanged(userId: string): Promise<OutgoingEmail | null> {
    const user = await this.user(userId);
    if (!user) return null;
    return {
      to: user.email,
      ...renderEmail({
        subject: 'Your Tenens password was changed',
        greeting: this.greeting(user),
        heading: 'Your password was changed',
        paragraphs: [
          'The password of your Tenens account was just changed, and every other signed-in session was signed out.',
          'If this was not you, reset your password right away.',
        ],
        action: { label: 'Reset password', url: `${this.config.APP_URL}/forgot-password` },
      }),
    };
  }
}
