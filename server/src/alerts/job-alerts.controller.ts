import { Body, Controller, ForbiddenException, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CurrentUser, Public, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { accountMessages } from '../domain/accounts/messages';
import { messageResponseSchema } from '../domain/accounts/responses';
import { jobAlertSettingsSchema, jobAlertsViewSchema, unsubscribeQuerySchema } from '../domain/alerts/job-alerts';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom } from '../http/openapi';
import { parseOrThrow } from '../http/validation';
import { JobAlertCommands } from './commands/job-alert-commands';
import { JobAlertQueries } from './queries/job-alert-queries';

class JobAlertSettingsDto extends createZodDto(jobAlertSettingsSchema) {}

function requireApplicant(user: SessionUser): string {
  if (user.role !== 'applicant' || !user.applicant_id) throw new ForbiddenException(accountMessages.applicantProfileAccessDenied);
  return user.applicant_id;
}

/** An applicant's job alerts: daily, weekly or off, and the next digest's date. */
@ApiTags('applicants')
@ApiBearerAuth()
@ApiErrorAnswers([401, 403, 422])
@SignedIn()
@Controller('applicants/job-alerts')
export class JobAlertsController {
  constructor(
    private readonly queries: JobAlertQueries,
    private readonly commands: JobAlertCommands,
  ) {}

  @Get()
  @ApiAnswer(jobAlertsViewSchema)
  get(@CurrentUser() user: SessionUser) {
    return this.queries.view(requireApplicant(user));
  }

  // Parsed after the role check: anyone but an applicant gets the refusal whatever they send.
  @Put()
  @ApiBody({ type: JobAlertSettingsDto })
  @ApiAnswer(jobAlertsViewSchema)
  put(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    const applicantId = requireApplicant(user);
    return this.commands.set(user, applicantId, parseOrThrow(jobAlertSettingsSchema, body));
  }
}

/**
 * The one-click unsubscribe of alert emails (RFC 8058): the List-Unsubscribe header's address,
 * which mail clients POST to with `List-Unsubscribe=One-Click`, and what the /unsubscribe page
 * calls. The signed token is the credential, so no sign-in is needed.
 */
@ApiTags('applicants')
@ApiErrorAnswers([400, 422])
@Public()
@Controller('job-alerts')
export class JobAlertsUnsubscribeController {
  constructor(private readonly commands: JobAlertCommands) {}

  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn job alerts off with the signed token of an alert email' })
  @ApiQueryFrom(unsubscribeQuerySchema)
  @ApiAnswer(messageResponseSchema)
  unsubscribe(@Query() query: unknown) {
    return this.commands.unsubscribe(parseOrThrow(unsubscribeQuerySchema, query, 'query').token);
  }
}
