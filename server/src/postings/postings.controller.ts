import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { POSTING_MESSAGES } from '../domain/postings';
import { CurrentUser, Public, Roles, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { idParam } from '../http/id-param';
import { PostingCommands } from './commands/posting-commands';
import { PostingHistory } from './queries/posting-history';
import { PostingQueries } from './queries/posting-queries';

const NOT_FOUND = POSTING_MESSAGES.notFound;

@ApiTags('job-postings')
@Controller('job-postings')
export class PostingsController {
  constructor(
    private readonly postings: PostingCommands,
    private readonly queries: PostingQueries,
    private readonly histories: PostingHistory,
  ) {}

  /** Public search over live postings, paginated on the server. */
  @Public()
  @Get()
  search(@Query() query: Record<string, unknown>) {
    return this.queries.search(query);
  }

  @Public()
  @Get('procedure-types')
  procedureTypeList() {
    return this.queries.procedureTypeList();
  }

  /** The facility's postings: those needing a response first, then newest first. */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Get('my-postings')
  async myPostings(@CurrentUser() user: SessionUser) {
    if (!user.membership) return [];
    return this.queries.ofFacility(user.membership.facility_id);
  }

  @Public()
  @Get(':id')
  get(@CurrentUser() user: SessionUser | null, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.queries.view(user, id);
  }

  @ApiBearerAuth()
  @SignedIn()
  @Get(':id/history')
  @ApiOperation({ summary: "A posting's events and those of all its bids, in log order" })
  history(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.histories.of(user, id.toLowerCase());
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post()
  create(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    return this.postings.create(user, body);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Put(':id')
  edit(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string, @Body() body: unknown) {
    return this.postings.edit(user, id, body);
  }

  /** With a posting credit the posting goes live; without, the answer says requires_payment. */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post(':id/publish')
  @HttpCode(200)
  publish(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.postings.publish(user, id);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Delete(':id')
  withdraw(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.postings.withdraw(user, id);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post(':id/reactivate')
  @HttpCode(200)
  reactivate(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.postings.reactivate(user, id);
  }
}
