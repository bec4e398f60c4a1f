import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { APPLICANT_BID_FILTERS } from '../../domain/bids';
import { listPageSchema, TOTAL_COUNT_HEADER } from '../../domain/shared/paging';
import { CurrentUser, Roles, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { applicantBidViewSchema, facilityBidViewSchema } from '../../domain/bids/bid-view';
import { BidQueries } from './bid-queries';

class MyBidsQueryDto extends createZodDto(
  z.object({
    ...listPageSchema.shape,
    filter: z.enum(APPLICANT_BID_FILTERS, { error: `filter must be one of ${APPLICANT_BID_FILTERS.join(', ')}` }).default('all'),
  }),
) {}

class JobBidsQueryDto extends createZodDto(listPageSchema) {}

/**
 * The two lists of bids (BidQueries), paged in SQL: a page is at most LIST_PAGE_LIMITS.max rows
 * and X-Total-Count tells how many there are in all.
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
  async myBids(@CurrentUser() user: SessionUser, @Query() query: MyBidsQueryDto, @Res({ passthrough: true }) response: FastifyReply) {
    const { total, bids } = await this.queries.mine(user, query);
    void response.header(TOTAL_COUNT_HEADER, String(total));
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
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const { total, bids } = await this.queries.ofPosting(user, id, query);
    void response.header(TOTAL_COUNT_HEADER, String(total));
    return bids;
  }
}
