import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { earliestTodayAnywhere, jobPostingSchema, POSTING_MESSAGES, searchQuerySchema } from '../domain/postings';
import {
  anyPostingViewSchema,
  facilityPostingViewSchema,
  postingSearchPageSchema,
  procedureTypeSchema,
  publishedPostingViewSchema,
} from '../domain/postings/posting-view';
import { HAS_MORE_HEADER, POSTING_HISTORY_CAP, postingHistoryEntrySchema } from '../domain/shared/history';
import { listPageSchema, TOTAL_COUNT_HEADER } from '../domain/shared/paging';
import { ApiAnswer, ApiErrorAnswers, openApiSchema } from '../http/openapi';
import { CurrentUser, Public, Roles, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { idParam } from '../http/id-param';
import { PostingCommands } from './commands/posting-commands';
import { PostingHistory } from './queries/posting-history';
import { PostingQueries } from './queries/posting-queries';

const NOT_FOUND = POSTING_MESSAGES.notFound;

class SearchQueryDto extends createZodDto(searchQuerySchema) {}
class ListPageDto extends createZodDto(listPageSchema) {}

// The job form's schema depends on the day and on the posting's stored start date, so the command
// service parses with the schema built for the request; the document shows the one for a new posting.
const jobFormJsonSchema = openApiSchema(jobPostingSchema({ today: earliestTodayAnywhere(new Date()) }), 'input');

@ApiTags('job-postings')
@Controller('job-postings')
export class PostingsController {
  constructor(
    private readonly postings: PostingCommands,
    private readonly queries: PostingQueries,
    private readonly histories: PostingHistory,
  ) {}

  /** Public search over live postings, paginated on the server; a signed-in applicant's rows carry their own bid. */
  @Public()
  @Get()
  @ApiAnswer(postingSearchPageSchema)
  @ApiErrorAnswers([422])
  async search(
    @CurrentUser() user: SessionUser | null,
    @Query() query: SearchQueryDto,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ) {
    (await this.queries.search(user, query)).send(request, response);
  }

  @Public()
  @Get('procedure-types')
  @ApiAnswer(procedureTypeSchema, { array: true })
  procedureTypeList() {
    return this.queries.procedureTypeList();
  }

  /** A page of the facility's postings: those needing a response first, then newest first. */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Get('my-postings')
  @ApiAnswer(facilityPostingViewSchema, { array: true })
  @ApiErrorAnswers([401, 403, 422])
  async myPostings(@CurrentUser() user: SessionUser, @Query() page: ListPageDto, @Res({ passthrough: true }) response: FastifyReply) {
    const { total, postings } = user.membership
      ? await this.queries.ofFacility(user.membership.facility_id, page)
      : { total: 0, postings: [] };
    void response.header(TOTAL_COUNT_HEADER, String(total));
    return postings;
  }

  @Public()
  @Get(':id')
  @ApiErrorAnswers([404])
  @ApiAnswer(anyPostingViewSchema, { description: "The facility's view for its members and admins, else the public view" })
  get(@CurrentUser() user: SessionUser | null, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.queries.view(user, id);
  }

  @ApiBearerAuth()
  @SignedIn()
  @Get(':id/history')
  @ApiOperation({
    summary: `A posting's events and those of all its bids, in log order: the first ${POSTING_HISTORY_CAP}; ${HAS_MORE_HEADER} says whether there are more`,
  })
  @ApiAnswer(postingHistoryEntrySchema, { array: true })
  @ApiErrorAnswers([401, 403, 404])
  async history(
    @CurrentUser() user: SessionUser,
    @Param('id', idParam(NOT_FOUND)) id: string,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const { entries, more } = await this.histories.of(user, id.toLowerCase());
    void response.header(HAS_MORE_HEADER, String(more));
    return entries;
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post()
  @ApiBody({ schema: jobFormJsonSchema })
  @ApiErrorAnswers()
  @ApiAnswer(facilityPostingViewSchema, { status: 201 })
  create(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    return this.postings.create(user, body);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Put(':id')
  @ApiBody({ schema: jobFormJsonSchema })
  @ApiErrorAnswers()
  @ApiAnswer(facilityPostingViewSchema)
  edit(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string, @Body() body: unknown) {
    return this.postings.edit(user, id, body);
  }

  /** With a posting credit the posting goes live; without, the answer says requires_payment. */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post(':id/publish')
  @HttpCode(200)
  @ApiErrorAnswers()
  @ApiAnswer(publishedPostingViewSchema)
  publish(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.postings.publish(user, id);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Delete(':id')
  @ApiErrorAnswers()
  @ApiAnswer(facilityPostingViewSchema)
  withdraw(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.postings.withdraw(user, id);
  }

  /** Like publish: a credit brings it back for a new period; without, the answer says requires_payment. */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post(':id/reactivate')
  @HttpCode(200)
  @ApiErrorAnswers()
  @ApiAnswer(publishedPostingViewSchema)
  reactivate(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.postings.reactivate(user, id);
  }

  /** A filled posting takes bids again in its current period (a connection fell through); no credit is spent. */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post(':id/reopen')
  @HttpCode(200)
  @ApiErrorAnswers()
  @ApiAnswer(facilityPostingViewSchema)
  reopen(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.postings.reopen(user, id);
  }
}
