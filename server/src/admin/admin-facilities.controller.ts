import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { facilityProfileSchema, type FacilityProfile } from '../domain/accounts/profiles';
import { messageResponseSchema } from '../domain/accounts/responses';
import { facilityUserViewSchema, facilityViewSchema } from '../domain/facilities/facility-view';
import { postingSummarySchema } from '../domain/postings/posting-view';
import { recordHistoryEntrySchema } from '../domain/shared/history';
import { AdminOnly, CurrentUser } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { idParam } from '../http/id-param';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom } from '../http/openapi';
import { parseOrThrow } from '../http/validation';
import { adminNoteBodySchema } from '../domain/admin/notes';
import { AdminNoteBodyDto, ListQueryDto, statusBodySchema, StatusBodyDto, verifyQuerySchema } from './admin.schemas';
import { AdminFacilityCommands } from './commands/admin-facility-commands';
import { AdminFacilityQueries, FACILITY_NOT_FOUND } from './queries/admin-facility-queries';

class FacilityEditDto extends createZodDto(facilityProfileSchema) {}

const facilityId = idParam(FACILITY_NOT_FOUND);

@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorAnswers()
@AdminOnly()
@Controller('admin/facilities')
export class AdminFacilitiesController {
  constructor(
    private readonly facilities: AdminFacilityCommands,
    private readonly queries: AdminFacilityQueries,
  ) {}

  /** Newest first, bounded; X-Total-Count tells how many there are in all. */
  @Get()
  @ApiAnswer(facilityViewSchema, { array: true })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: FastifyReply) {
    const { rows, total } = await this.queries.list(query);
    void response.header('X-Total-Count', String(total));
    return rows;
  }

  @Get(':id')
  @ApiAnswer(facilityViewSchema)
  get(@Param('id', facilityId) id: string) {
    return this.queries.view(id);
  }

  @Get(':id/users')
  @ApiAnswer(facilityUserViewSchema, { array: true })
  users(@Param('id', facilityId) id: string) {
    return this.queries.users(id);
  }

  @Get(':id/history')
  @ApiAnswer(recordHistoryEntrySchema, { array: true })
  history(@Param('id', facilityId) id: string) {
    return this.queries.history(id);
  }

  @Get(':id/postings')
  @ApiAnswer(postingSummarySchema, { array: true })
  postings(@Param('id', facilityId) id: string) {
    return this.queries.postings(id);
  }

  @Put(':id')
  @ApiAnswer(facilityViewSchema)
  update(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string, @Body() body: FacilityEditDto) {
    return this.facilities.update(admin, id, body as FacilityProfile);
  }

  // Parsed in the handler, after the path's id pipe: a malformed id answers 404 before a bad query's 422.
  @Put(':id/verify')
  @ApiQueryFrom(verifyQuerySchema)
  @ApiAnswer(facilityViewSchema)
  verify(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string, @Query() query: Record<string, unknown>) {
    return this.facilities.verify(admin, id, parseOrThrow(verifyQuerySchema, query, 'query'));
  }

  // Parsed in the handler, so a request without a body still answers 422 for the body as a whole.
  @Put(':id/status')
  @ApiBody({ type: StatusBodyDto })
  @ApiAnswer(facilityViewSchema)
  status(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string, @Body() body: unknown) {
    return this.facilities.setActive(admin, id, parseOrThrow(statusBodySchema, body));
  }

  @Post(':id/add-credit')
  @HttpCode(200)
  @ApiAnswer(facilityViewSchema)
  addCredit(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string) {
    return this.facilities.addCredit(admin, id);
  }

  @Post(':id/subtract-credit')
  @HttpCode(200)
  @ApiAnswer(facilityViewSchema)
  subtractCredit(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string) {
    return this.facilities.removeCredit(admin, id);
  }

  /** Sends the reset email to the facility's admin user. */
  /** A free-form note beside the generated lines of the record's admin notes. */
  @Post(':id/notes')
  @HttpCode(200)
  @ApiBody({ type: AdminNoteBodyDto })
  @ApiAnswer(facilityViewSchema)
  addNote(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string, @Body() body: unknown) {
    return this.facilities.addNote(admin, id, parseOrThrow(adminNoteBodySchema, body));
  }

  @Post(':id/send-password-reset')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  sendPasswordReset(@Param('id', facilityId) id: string) {
    return this.facilities.sendPasswordReset(id);
  }
}
