import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  earliestTodayAnywhere,
  jobPostingSchema,
  postingDecider,
  postingStream,
  searchQuerySchema,
  type PostingCommand,
  type PostingState,
} from '../domain/postings';
import { facilityDecider, facilityStream } from '../domain/facilities/facility';
import { CurrentUser, Public, Roles } from '../auth/access';
import { displayName, type SessionUser } from '../auth/session-user';
import { idParam } from '../http/id-param';
import { parseOrThrow } from '../http/validation';
import { CommandBus } from '../platform/command-bus';
import { facilityMember } from './facility-actor';
import { searchPostings } from './posting-search';
import { postingView, type PostingRow } from '../domain/postings/posting-view';
import { isPrivileged, POSTING_COLUMNS, ProcedureTypes } from './posting-rows';

const NOT_FOUND = 'Job posting not found';

@ApiTags('job-postings')
@Controller('job-postings')
export class PostingsController {
  private readonly procedureTypes: ProcedureTypes;

  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
  ) {
    this.procedureTypes = new ProcedureTypes(db);
  }

  /** Public search over live postings, paginated on the server. */
  @Public()
  @Get()
  async search(@Query() query: Record<string, unknown>) {
    const parsed = parseOrThrow(searchQuerySchema, query, 'query');
    const now = new Date();
    const { rows, total } = await searchPostings(this.db, parsed, now);
    const procedureNames = await this.procedureTypes.map();
    return { job_postings: rows.map((row) => postingView(row, { now, privileged: false, procedureNames })), total };
  }

  @Public()
  @Get('procedure-types')
  procedureTypeList() {
    return this.procedureTypes.list();
  }

  /** The facility's postings: those needing a response first, then newest first. */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Get('my-postings')
  async myPostings(@CurrentUser() user: SessionUser) {
    if (!user.membership) return [];
    const now = new Date();
    const rows = await this.db.query<PostingRow[]>(
      `SELECT ${POSTING_COLUMNS}, u.first_name AS creator_first_name, u.last_name AS creator_last_name, u.email AS creator_email
         FROM job_postings p LEFT JOIN users u ON u.id = p.created_by
        WHERE p.facility_id = $1
        ORDER BY (p.awaiting_response_count > 0 AND p.auto_expire_date > $2) DESC, p.created_at DESC
        LIMIT 500`,
      [user.membership.facility_id, now],
    );
    const procedureNames = await this.procedureTypes.map();
    return rows.map((row) => postingView(row, { now, privileged: true, procedureNames }));
  }

  @Public()
  @Get(':id')
  async get(@CurrentUser() user: SessionUser | null, @Param('id', idParam(NOT_FOUND)) id: string) {
    return this.view(user, id);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post()
  async create(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    const now = new Date();
    const form = parseOrThrow(jobPostingSchema({ today: earliestTodayAnywhere(now) }), body);
    const actor = await facilityMember(this.db, user);
    const id = randomUUID();
    await this.run(user, id, { type: 'CreatePosting', data: { actor, now, posting_id: id, form } });
    return this.view(user, id);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Put(':id')
  async edit(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string, @Body() body: unknown) {
    const now = new Date();
    const state = await this.state(id);
    const existing = state.status === 'none' ? null : state.fields.start_date;
    const form = parseOrThrow(jobPostingSchema({ today: earliestTodayAnywhere(now), existing_start_date: existing }), body);
    const actor = await facilityMember(this.db, user);
    await this.run(user, id, { type: 'EditPosting', data: { actor, now, form } });
    return this.view(user, id);
  }

  /**
   * With a posting credit, one is spent on the facility's stream and the posting goes live;
   * without, the answer says requires_payment and the posting waits for a payment.
   */
  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post(':id/publish')
  @HttpCode(200)
  async publish(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    const now = new Date();
    const actor = await facilityMember(this.db, user);
    const command: PostingCommand = { type: 'PublishPosting', data: { actor, now, facility_credits: actor.posting_credits } };
    // Ask the decider first, so a refused publish spends nothing.
    postingDecider.decide(command, await this.state(id));
    if (actor.posting_credits <= 0) {
      await this.run(user, id, command);
      return { ...(await this.view(user, id)), requires_payment: true };
    }
    const metadata = this.metadata(user);
    await this.commands.handle(
      facilityStream(actor.facility_id),
      facilityDecider,
      { type: 'ConsumePostingCredit', posting_id: id, now },
      metadata,
    );
    try {
      await this.run(user, id, command);
    } catch (error) {
      // The credit bought nothing: give it back.
      await this.commands.handle(
        facilityStream(actor.facility_id),
        facilityDecider,
        { type: 'AddPostingCredit', now: new Date() },
        {
          ...metadata,
          reason: `refund: publishing posting ${id} failed`,
        },
      );
      throw error;
    }
    return { ...(await this.view(user, id)), requires_payment: false };
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Delete(':id')
  async withdraw(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    const actor = await facilityMember(this.db, user);
    await this.run(user, id, { type: 'WithdrawPosting', data: { actor, now: new Date() } });
    return this.view(user, id);
  }

  @ApiBearerAuth()
  @Roles('facility_admin')
  @Post(':id/reactivate')
  @HttpCode(200)
  async reactivate(@CurrentUser() user: SessionUser, @Param('id', idParam(NOT_FOUND)) id: string) {
    const actor = await facilityMember(this.db, user);
    await this.run(user, id, { type: 'ReactivatePosting', data: { actor, now: new Date() } });
    return this.view(user, id);
  }

  private metadata(user: SessionUser) {
    return { actor: { user_id: user.id, side: 'facility' as const, name: displayName(user) } };
  }

  private async state(id: string): Promise<PostingState> {
    const result = await this.commands.load(postingStream(id), postingDecider);
    if (result.status === 'none') throw new NotFoundException(NOT_FOUND);
    return result;
  }

  private async run(user: SessionUser, id: string, command: PostingCommand) {
    await this.commands.handle(postingStream(id), postingDecider, command, this.metadata(user));
  }

  /** Drafts are visible only to their facility and admins; creator details likewise. */
  private async view(user: SessionUser | null, id: string) {
    const [row] = await this.db.query<PostingRow[]>(
      `SELECT ${POSTING_COLUMNS}, u.first_name AS creator_first_name, u.last_name AS creator_last_name, u.email AS creator_email
         FROM job_postings p LEFT JOIN users u ON u.id = p.created_by WHERE p.id = $1`,
      [id],
    );
    if (!row) throw new NotFoundException(NOT_FOUND);
    const privileged = isPrivileged(user, row.facility_id);
    if (row.stored_status === 'draft' && !privileged) throw new NotFoundException(NOT_FOUND);
    if (!privileged && !row.facility_active) throw new NotFoundException(NOT_FOUND);
    return postingView(row, { now: new Date(), privileged, procedureNames: await this.procedureTypes.map() });
  }
}
