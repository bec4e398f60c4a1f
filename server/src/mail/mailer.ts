import { Logger } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { RenderedEmail } from './layout';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
}

/**
 * Sends email over SMTP_URL with nodemailer. Without SMTP_URL (development) messages go to the
 * development mailbox instead: logged, and kept in the `dev_mailbox` table that
 * GET /api/dev/mailbox lists, so a newcomer can click a verification link.
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
   * Sends at most once per `key` (the BullMQ job id): a retried or replayed job whose email
   * already went out does nothing.
   */
  async sendOnce(key: string, email: OutgoingEmail): Promise<boolean> {
    const [claimed] = await this.dataSource.query(
      `INSERT INTO sent_emails (key, recipient, subject) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key, email.to, email.subject],
    );
    if (!claimed) return false;
    try {
      await this.deliver(email);
      return true;
    } catch (error) {
      // Release the claim so the job's retry can send it.
      await this.dataSource.query('DELETE FROM sent_emails WHERE key = $1', [key]);
      throw error;
    }
  }

  private async deliver(email: OutgoingEmail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.from, to: email.to, subject: email.subject, text: email.text, html: email.html });
      this.logger.log(`Sent "${email.subject}" to ${email.to}`);
      return;
    }
    await this.dataSource.query('INSERT INTO dev_mailbox (recipient, subject, text, html) VALUES ($1, $2, $3, $4)', [
      email.to,
      email.subject,
      email.text,
      email.html,
    ]);
    const links = email.text.match(/https?:\/\/\S+/g) ?? [];
    this.logger.log(`[dev mailbox] "${email.subject}" to ${email.to}${links.length ? ` — ${links.join(' ')}` : ''}`);
  }

  close(): void {
    this.transport?.close();
  }
}
