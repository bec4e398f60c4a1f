import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { Response } from 'express';
import { z } from 'zod';
import { APPLICANT_BID_FILTERS } from '../../domain/bids';
import { MAX_LIST_OFFSET } from '../../domain/shared/limits';
import { CurrentUser, Roles, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { applicantBidViewSchema, facilityBidViewSchema } from '../../domain/bids/bid-view';
import { BidQueries } from './bid-queries';

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
 * The two lists of bids (BidQueries): a page is at most 500 rows and X-Total-Count tells how
 * many there are in all.
 */
@ApiTags('bids')
@ApiBearerAuth()
@ApiErrorAnswers()
@Controller('job-bids')
export class BidQueriesController {
  constructor(private readonly queries: BidQueries) {}

  @Get('my-bids')
  @Roles('applicant')
  @ApiOperation({ summary: "The applicant's bids (applicant view)" })
  @ApiAnswer(applicantBidViewSchema, { array: true })
  async myBids(@CurrentUser() user: SessionUser, @Query() query: MyBidsQueryDto, @Res({ passthrough: true }) response: Response) {
    const { total, bids } = await this.queries.mine(user, query);
    response.setHeader('X-Total-Count', String(total));
    return bids;
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
    const { total, bids } = await this.queries.ofPosting(user, id, query);
    response.setHeader('X-Total-Count', String(total));
    return bids;
  }
}
