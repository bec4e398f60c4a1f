import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import { queryNamed } from '../database/named-statements';
import type { RenderedEmail } from './layout';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** Where a reply goes when it should reach a person (e.g. the admin who decided), not the no-reply sender. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on alert emails. */
  headers?: Record<string, string>;
  /** Files sent along, e.g. a connection's calendar invite. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Sent at most once under this key, whichever job composes it (by default once per job). */
  onceKey?: string;
}

/**
 * The Message-ID of the email sent under `key`: the same on every attempt, so if a crash between
 * the relay's acceptance and our record makes the retry send it again, mail clients and relays
 * can see the two copies are one message.
 */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'tenens.local';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/**
 * Sends email over SMTP_URL with nodemailer. Without SMTP_URL (development) messages go to the
 * development mailbox instead: kept in the `dev_mailbox` table that GET /api/dev/mailbox lists,
 * so a newcomer can click a verification link. Links are never written to the log: they carry
 * single-use tokens.
 */
export class Mailer {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;

  constructor(
    private readonly dataSource: DataSource,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get usesDevMailbox(): boolean {
    return this.transport === null;
  }

  /**
   * Sends at least once, and once in every normal run, per `key` (the BullMQ job id). The email
   * is recorded as sent only after the relay accepted it: a crash before the record makes the
   * retry send it again (with the same Message-ID), never lose it. A retried or replayed job
   * whose email is recorded does nothing. The development mailbox keeps the email and its record
   * in one statement (one round trip instead of three): exactly once.
   */
  async sendOnce(key: string, email: OutgoingEmail): Promise<boolean> {
    if (!this.transport) return this.keepOnce(key, email);
    if (await this.wasSent(key)) return false;
    await this.deliver(email, messageIdFor(key, this.from));
    await this.dataSource.query('INSERT INTO sent_emails (key, recipient, subject) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING', [
      key,
      email.to,
      email.subject,
    ]);
    return true;
  }

  private async wasSent(key: string): Promise<boolean> {
    const rows = await this.dataSource.query('SELECT 1 FROM sent_emails WHERE key = $1', [key]);
    return rows.length > 0;
  }

  /** Into the development mailbox, unless recorded as sent: the record and the email commit together. */
  private async keepOnce(key: string, email: OutgoingEmail): Promise<boolean> {
    // A named statement: the development mailbox keeps every email of a busy run.
    const kept = await queryNamed(
      this.dataSource,
      `WITH recorded AS (
         INSERT INTO sent_emails (key, recipient, subject) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key
       )
       INSERT INTO dev_mailbox (recipient, subject, text, html) SELECT $2, $3, $4, $5 FROM recorded RETURNING id`,
      [key, email.to, email.subject, email.text, email.html],
    );
    if (kept.length === 0) return false;
    this.logger.log(`[dev mailbox] "${email.subject}" to ${email.to} (read it at /api/dev/mailbox)`);
    return true;
  }

  private async deliver(email: OutgoingEmail, messageId: string): Promise<void> {
    // Resolves only once the relay has accepted the message (250 after DATA).
    await this.transport!.sendMail({
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      ...(email.headers ? { headers: email.headers } : {}),
      ...(email.attachments ? { attachments: email.attachments } : {}),
    });
    this.logger.log(`Sent "${email.subject}" to ${email.to}`);
  }

  close(): void {
    this.transport?.close();
  }
}
