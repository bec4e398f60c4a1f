import { Controller, ForbiddenException, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { APPLICANT_BID_FILTERS, compareBidsForApplicant, compareBidsForFacility, matchesBidFilter } from '../../domain/bids';
import { POSTING_MESSAGES } from '../../domain/postings';
import { MAX_LIST_OFFSET } from '../../domain/shared/limits';
import { CurrentUser, Roles, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { isUuid } from '../bid-ids';
import { applicantBidView, applicantBidViewSchema, facilityBidView, facilityBidViewSchema } from '../../domain/bids/bid-view';
import { loadBidRows } from '../bid-rows';

export const BID_LIST_LIMITS = { default: 100, max: 500 } as const;

const pageSchema = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(BID_LIST_LIMITS.max, `limit must be at most ${BID_LIST_LIMITS.max}`)
    .default(BID_LIST_LIMITS.default),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset cannot be negative')
    .max(MAX_LIST_OFFSET, `offset must be at most ${MAX_LIST_OFFSET}`)
    .default(0),
};

class MyBidsQueryDto extends createZodDto(
  z.object({
    ...pageSchema,
    filter: z.enum(APPLICANT_BID_FILTERS, { error: `filter must be one of ${APPLICANT_BID_FILTERS.join(', ')}` }).default('all'),
  }),
) {}

class JobBidsQueryDto extends createZodDto(z.object(pageSchema)) {}

/**
 * The two lists of bids, read from the bids read model only. Filters and order are the domain's
 * (applicant order with 'needs your attention' first; facility order submitted first); a page
 * is at most 500 rows and X-Total-Count tells how many there are in all.
 */
@ApiTags('bids')
@ApiBearerAuth()
@ApiErrorAnswers()
@Controller('job-bids')
export class BidQueriesController {
  constructor(private readonly db: DataSource) {}

  @Get('my-bids')
  @Roles('applicant')
  @ApiOperation({ summary: "The applicant's bids (applicant view)" })
  @ApiAnswer(applicantBidViewSchema, { array: true })
  async myBids(@CurrentUser() user: SessionUser, @Query() query: MyBidsQueryDto, @Res({ passthrough: true }) response: Response) {
    const { limit, offset, filter } = query;
    const now = new Date();
    const rows = user.applicant_id ? await loadBidRows(this.db, 'applicant', user.applicant_id) : [];
    const views = rows
      .map((row) => applicantBidView(row, now))
      .filter((bid) => matchesBidFilter(filter, bid.current_state, bid.posting_expired))
      .sort(compareBidsForApplicant);
    response.setHeader('X-Total-Count', String(views.length));
    return views.slice(offset, offset + limit);
  }

  @Get('job/:id/bids')
  @SignedIn()
  @ApiOperation({ summary: "The bids on one of the facility's postings (facility view)" })
  @ApiAnswer(facilityBidViewSchema, { array: true })
  async jobBids(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Query() query: JobBidsQueryDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { limit, offset } = query;
    const postingId = id.toLowerCase();
    const [posting] = isUuid(postingId) ? await this.db.query('SELECT facility_id FROM bid_postings WHERE id = $1', [postingId]) : [];
    if (!posting) throw new NotFoundException(POSTING_MESSAGES.notFound);
    if (!user.is_admin) {
      if (!user.membership) throw new ForbiddenException('Only the facility that posted this job can see its bids.');
      if (user.membership.facility_id !== posting.facility_id) throw new ForbiddenException(POSTING_MESSAGES.otherFacility);
    }
    const now = new Date();
    const views = (await loadBidRows(this.db, 'posting', postingId)).map((row) => facilityBidView(row, now)).sort(compareBidsForFacility);
    response.setHeader('X-Total-Count', String(views.length));
    return views.slice(offset, offset + limit);
  }
}
