import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { CALENDAR_CONTENT_TYPE, CALENDAR_FILE_NAME } from '../../domain/bids/job-calendar';
import { ApiErrorAnswers } from '../../http/openapi';
import { BidCalendar } from '../bid-calendar';

/** A connected bid's calendar invite, for both parties ("Add to calendar"). */
@ApiTags('bids')
@ApiBearerAuth()
@ApiErrorAnswers()
@SignedIn()
@Controller('job-bids')
export class BidCalendarController {
  constructor(private readonly calendar: BidCalendar) {}

  @Get(':id/calendar.ics')
  @ApiOperation({ summary: "A connected bid's assignment as an iCalendar file (the job's working days at the facility)" })
  @ApiProduces('text/calendar')
  @ApiResponse({ status: 200, description: 'An iCalendar (RFC 5545) file', content: { 'text/calendar': { schema: { type: 'string' } } } })
  async ics(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<string> {
    const ics = await this.calendar.forCaller(user, id);
    // Set only on success: a refusal keeps the contract's JSON error.
    void response.header('Content-Type', CALENDAR_CONTENT_TYPE);
    void response.header('Content-Disposition', `attachment; filename="${CALENDAR_FILE_NAME}"`);
    void response.header('Cache-Control', 'no-store');
    return ics;
  }
}
