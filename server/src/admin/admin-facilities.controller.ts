import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { facilityProfileSchema, type FacilityProfile } from '../domain/accounts/profiles';
import { AdminOnly, CurrentUser } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { idParam } from '../http/id-param';
import { parseOrThrow } from '../http/validation';
import { listQuerySchema, statusBodySchema, verifyQuerySchema } from './admin.schemas';
import { AdminFacilityCommands } from './commands/admin-facility-commands';
import { AdminFacilityQueries, FACILITY_NOT_FOUND } from './queries/admin-facility-queries';

class FacilityEditDto extends createZodDto(facilityProfileSchema) {}

const facilityId = idParam(FACILITY_NOT_FOUND);

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/facilities')
export class AdminFacilitiesController {
  constructor(
    private readonly facilities: AdminFacilityCommands,
    private readonly queries: AdminFacilityQueries,
  ) {}

  /** Newest first, bounded; X-Total-Count tells how many there are in all. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { rows, total } = await this.queries.list(parseOrThrow(listQuerySchema, query, 'query'));
    response.setHeader('X-Total-Count', String(total));
    return rows;
  }

  @Get(':id')
  get(@Param('id', facilityId) id: string) {
    return this.queries.view(id);
  }

  @Get(':id/users')
  users(@Param('id', facilityId) id: string) {
    return this.queries.users(id);
  }

  @Get(':id/history')
  history(@Param('id', facilityId) id: string) {
    return this.queries.history(id);
  }

  @Get(':id/postings')
  postings(@Param('id', facilityId) id: string) {
    return this.queries.postings(id);
  }

  @Put(':id')
  update(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string, @Body() body: FacilityEditDto) {
    return this.facilities.update(admin, id, body as FacilityProfile);
  }

  @Put(':id/verify')
  verify(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string, @Query() query: Record<string, unknown>) {
    return this.facilities.verify(admin, id, parseOrThrow(verifyQuerySchema, query, 'query'));
  }

  @Put(':id/status')
  status(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string, @Body() body: unknown) {
    return this.facilities.setActive(admin, id, parseOrThrow(statusBodySchema, body));
  }

  @Post(':id/add-credit')
  @HttpCode(200)
  addCredit(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string) {
    return this.facilities.addCredit(admin, id);
  }

  @Post(':id/subtract-credit')
  @HttpCode(200)
  subtractCredit(@CurrentUser() admin: SessionUser, @Param('id', facilityId) id: string) {
    return this.facilities.removeCredit(admin, id);
  }

  /** Sends the reset email to the facility's admin user. */
  @Post(':id/send-password-reset')
  @HttpCode(200)
  sendPasswordReset(@Param('id', facilityId) id: string) {
    return this.facilities.sendPasswordReset(id);
  }
}
