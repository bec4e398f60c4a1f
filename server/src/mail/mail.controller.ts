import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/access';
import { DevMailboxQueries } from './queries/dev-mailbox-queries';

/** The development mailbox: every email sent while SMTP_URL is unset. Never in production. */
@ApiExcludeController()
@Controller('dev/mailbox')
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxQueries) {}

  @Public()
  @Get()
  list(@Query('to') to?: string) {
    return this.mailbox.list(to);
  }
}
