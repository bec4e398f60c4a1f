import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { applicantProfileSchema, type ApplicantProfile } from '../domain/accounts/profiles';
import { AdminOnly, CurrentUser } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { idParam } from '../http/id-param';
import { parseOrThrow } from '../http/validation';
import { listQuerySchema, statusBodySchema, verifyQuerySchema } from './admin.schemas';
import { AdminApplicantCommands } from './commands/admin-applicant-commands';
import { AdminApplicantQueries, APPLICANT_NOT_FOUND } from './queries/admin-applicant-queries';

class ApplicantEditDto extends createZodDto(applicantProfileSchema) {}

const applicantId = idParam(APPLICANT_NOT_FOUND);

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/applicants')
export class AdminApplicantsController {
  constructor(
    private readonly applicants: AdminApplicantCommands,
    private readonly queries: AdminApplicantQueries,
  ) {}

  /** Newest first, bounded; X-Total-Count tells how many there are in all. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { rows, total } = await this.queries.list(parseOrThrow(listQuerySchema, query, 'query'));
    response.setHeader('X-Total-Count', String(total));
    return rows;
  }

  @Get(':id')
  get(@Param('id', applicantId) id: string) {
    return this.queries.view(id);
  }

  @Get(':id/history')
  history(@Param('id', applicantId) id: string) {
    return this.queries.history(id);
  }

  @Get(':id/bids')
  bids(@Param('id', applicantId) id: string) {
    return this.queries.bids(id);
  }

  @Put(':id')
  update(@CurrentUser() admin: SessionUser, @Param('id', applicantId) id: string, @Body() body: ApplicantEditDto) {
    return this.applicants.update(admin, id, body as ApplicantProfile);
  }

  @Put(':id/verify')
  verify(@CurrentUser() admin: SessionUser, @Param('id', applicantId) id: string, @Query() query: Record<string, unknown>) {
    return this.applicants.verify(admin, id, parseOrThrow(verifyQuerySchema, query, 'query'));
  }

  /** Both directions need a reason (the spec's dialogs require one). */
  @Put(':id/status')
  status(@CurrentUser() admin: SessionUser, @Param('id', applicantId) id: string, @Body() body: unknown) {
    return this.applicants.setActive(admin, id, parseOrThrow(statusBodySchema, body));
  }

  @Post(':id/send-password-reset')
  @HttpCode(200)
  sendPasswordReset(@Param('id', applicantId) id: string) {
    return this.applicants.sendPasswordReset(id);
  }
}
