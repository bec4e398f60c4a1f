import { Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access';
import { CONFIG, Config } from '../config/config';

/** The development mailbox: every email sent while SMTP_URL is unset. Never in production. */
@ApiExcludeController()
@Controller('dev/mailbox')
export class DevMailboxController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
  ) {}

  @Public()
  @Get()
  async list(@Query('to') to?: string) {
    if (this.config.NODE_ENV === 'production') throw new NotFoundException();
    const rows = await this.dataSource.query(
      `SELECT id, recipient AS to, subject, text, html, created_at FROM dev_mailbox
       WHERE $1::text IS NULL OR lower(recipient) = lower($1) ORDER BY id DESC LIMIT 50`,
      [to ?? null],
    );
    return { messages: rows };
  }
}
