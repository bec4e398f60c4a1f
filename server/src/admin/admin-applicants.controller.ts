import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { applicantProfileSchema, type ApplicantProfile } from '../domain/accounts/profiles';
import { messageResponseSchema } from '../domain/accounts/responses';
import { applicantViewSchema } from '../domain/applicants/applicant-view';
import { facilityBidViewSchema } from '../domain/bids/bid-view';
import { recordHistoryEntrySchema } from '../domain/shared/history';
import { AdminOnly, CurrentUser } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { idParam } from '../http/id-param';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom } from '../http/openapi';
import { parseOrThrow } from '../http/validation';
import { adminNoteBodySchema } from '../domain/admin/notes';
import { AdminNoteBodyDto, ApplicantListQueryDto, statusBodySchema, StatusBodyDto, verifyQuerySchema } from './admin.schemas';
import { AdminApplicantCommands } from './commands/admin-applicant-commands';
import { AdminApplicantQueries, APPLICANT_NOT_FOUND } from './queries/admin-applicant-queries';

class ApplicantEditDto extends createZodDto(applicantProfileSchema) {}

const applicantId = idParam(APPLICANT_NOT_FOUND);

@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorAnswers()
@AdminOnly()
@Controller('admin/applicants')
export class AdminApplicantsController {
  constructor(
    private readonly applicants: AdminApplicantCommands,
    private readonly queries: AdminApplicantQueries,
  ) {}

  /** Newest first (by license expiry with a license filter), bounded; X-Total-Count tells how many there are in all. */
  @Get()
  @ApiAnswer(applicantViewSchema, { array: true })
  async list(@Query() query: ApplicantListQueryDto, @Res({ passthrough: true }) response: FastifyReply) {
    const { rows, total } = await this.queries.list(query);
    void response.header('X-Total-Count', String(total));
    return rows;
  }

  @Get(':id')
  @ApiAnswer(applicantViewSchema)
  get(@Param('id', applicantId) id: string) {
    return this.queries.view(id);
  }

  @Get(':id/history')
  @ApiAnswer(recordHistoryEntrySchema, { array: true })
  history(@Param('id', applicantId) id: string) {
    return this.queries.history(id);
  }

  @Get(':id/bids')
  @ApiAnswer(facilityBidViewSchema, { array: true })
  bids(@Param('id', applicantId) id: string) {
    return this.queries.bids(id);
  }

  @Put(':id')
  @ApiAnswer(applicantViewSchema)
  update(@CurrentUser() admin: SessionUser, @Param('id', applicantId) id: string, @Body() body: ApplicantEditDto) {
    return this.applicants.update(admin, id, body as ApplicantProfile);
  }

  // Parsed in the handler, after the path's id pipe: a malformed id answers 404 before a bad query's 422.
  @Put(':id/verify')
  @ApiQueryFrom(verifyQuerySchema)
  @ApiAnswer(applicantViewSchema)
  verify(@CurrentUser() admin: SessionUser, @Param('id', applicantId) id: string, @Query() query: Record<string, unknown>) {
    return this.applicants.verify(admin, id, parseOrThrow(verifyQuerySchema, query, 'query'));
  }

  /** Both directions need a reason (the spec's dialogs require one). */
  // Parsed in the handler, so a request without a body still answers 422 for the body as a whole.
  @Put(':id/status')
  @ApiBody({ type: StatusBodyDto })
  @ApiAnswer(applicantViewSchema)
  status(@CurrentUser() admin: SessionUser, @Param('id', applicantId) id: string, @Body() body: unknown) {
    return this.applicants.setActive(admin, id, parseOrThrow(statusBodySchema, body));
  }

  /** A free-form note beside the generated lines of the record's admin notes. */
  @Post(':id/notes')
  @HttpCode(200)
  @ApiBody({ type: AdminNoteBodyDto })
  @ApiAnswer(applicantViewSchema)
  addNote(@CurrentUser() admin: SessionUser, @Param('id', applicantId) id: string, @Body() body: unknown) {
    return this.applicants.addNote(admin, id, parseOrThrow(adminNoteBodySchema, body));
  }

  @Post(':id/send-password-reset')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  sendPasswordReset(@Param('id', applicantId) id: string) {
    return this.applicants.sendPasswordReset(id);
  }
}
