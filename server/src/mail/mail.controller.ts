import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/access';
import { mailboxPage } from './dev-mailbox-page';
import { DevMailboxQueries } from './queries/dev-mailbox-queries';

/** The development mailbox: every email sent while SMTP_URL is unset. Never in production. */
@ApiExcludeController()
@Controller('dev/mailbox')
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxQueries) {}

  @Public()
  @Get()
  async list(@Query('to') to: string | undefined, @Headers('accept') accept: string | undefined, @Res() response: FastifyReply) {
    const address = typeof to === 'string' && to.length > 0 ? to.slice(0, 320) : undefined;
    const answer = await this.mailbox.list(address);
    // A browser asks for HTML first; API clients and tests get JSON.
    if (wantsHtml(accept)) return response.type('text/html; charset=utf-8').send(mailboxPage(answer.messages, address));
    return response.send(answer);
  }
}

function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}
