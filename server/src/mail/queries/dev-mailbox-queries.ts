import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, Config } from '../../config/config';

/** The development mailbox: every email sent while SMTP_URL is unset. Never in production. */
@Injectable()
export class DevMailboxQueries {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
  ) {}

  /** The newest 50, optionally only those to one address. */
  async list(to?: string) {
    if (this.config.NODE_ENV === 'production') throw new NotFoundException();
    const rows = await this.dataSource.query(
      `SELECT id, recipient AS to, subject, text, html, created_at FROM dev_mailbox
       WHERE $1::text IS NULL OR lower(recipient) = lower($1) ORDER BY id DESC LIMIT 50`,
      [to ?? null],
    );
    return { messages: rows };
  }
}
