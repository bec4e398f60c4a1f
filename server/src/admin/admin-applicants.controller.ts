import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { applicantProfileSchema, type ApplicantProfile } from '../domain/accounts/profiles';
import { ApplicantCommand, applicantDecider, applicantProfileFrom, applicantStream } from '../domain/applicants/applicant';
import { AdminOnly, CurrentUser } from '../auth/access';
import { AccountEmails } from '../auth/account-emails';
import { EMAIL_UNAVAILABLE } from '../auth/email-verification/email-verification.controller';
import { claimLicense, claimNpi } from '../auth/identifier-claims';
import type { SessionUser } from '../auth/session-user';
import { applicantView } from '../accounts/views';
import { loadBidRows } from '../bids/bid-rows';
import { facilityBidView } from '../domain/bids/bid-view';
import { EVENT_STORE, EventStore } from '../eventstore/event-store.port';
import { idParam } from '../http/id-param';
import { parseOrThrow, RequestValidationError } from '../http/validation';
import { CommandBus } from '../platform/command-bus';
import { actionNote, adminMetadata } from './admin-actor';
import { listQuerySchema, REASON_REQUIRED, statusBodySchema, verifyQuerySchema } from './admin.schemas';
import { streamHistory } from './history';

class ApplicantEditDto extends createZodDto(applicantProfileSchema) {}

const APPLICANT_NOT_FOUND = 'Applicant not found';

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/applicants')
export class AdminApplicantsController {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly emails: AccountEmails,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** Newest first, bounded; X-Total-Count tells how many there are in all. */
  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response) {
    const { limit, offset } = parseOrThrow(listQuerySchema, query, 'query');
    const rows = await this.db.query(
      `SELECT a.*, to_char(a.license_expires_at, 'YYYY-MM-DD') AS license_expires_on,
              to_char(a.experience_started_at, 'YYYY-MM-DD') AS experience_started_on,
              u.email, u.email_verified, u.first_name AS user_first_name, u.last_name AS user_last_name, count(*) OVER () AS total
         FROM applicants a JOIN users u ON u.id = a.user_id
        ORDER BY a.created_at DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    response.setHeader('X-Total-Count', String(rows[0]?.total ?? (offset > 0 ? await this.count() : 0)));
    // Calendar dates as YYYY-MM-DD, as the detail answers them (pg would give a local-midnight Date).
    return rows.map(
      ({
        total,
        email,
        email_verified,
        user_first_name,
        user_last_name,
        license_expires_on,
        experience_started_on,
        ...applicant
      }: Record<string, unknown>) => ({
        ...applicant,
        license_expires_at: license_expires_on,
        experience_started_at: experience_started_on,
        user: { email, email_verified, first_name: user_first_name, last_name: user_last_name },
      }),
    );
  }

  @Get(':id')
  get(@Param('id', idParam(APPLICANT_NOT_FOUND)) id: string) {
    return this.view(id);
  }

  @Get(':id/history')
  async history(@Param('id', idParam(APPLICANT_NOT_FOUND)) id: string) {
    await this.view(id);
    return streamHistory(this.events, applicantStream(id));
  }

  /**
   * The applicant's bids, newest first (bounded by the bids list cap), from the bids read model,
   * each as the posting's facility sees it (job, facility, rates, state); their negotiation
   * timelines are GET /job-bids/{id}/history, which admins may read.
   */
  @Get(':id/bids')
  async bids(@Param('id', idParam(APPLICANT_NOT_FOUND)) id: string) {
    await this.view(id);
    const now = new Date();
    return (await loadBidRows(this.db, 'applicant', id)).map((row) => facilityBidView(row, now));
  }

  @Put(':id')
  async update(@CurrentUser() admin: SessionUser, @Param('id', idParam(APPLICANT_NOT_FOUND)) id: string, @Body() body: ApplicantEditDto) {
    const p = body as ApplicantProfile;
    await this.view(id);
    await this.db.transaction(async (tx) => {
      await claimNpi(tx, id, p.npi);
      await claimLicense(tx, id, p.license_state, p.license_number);
    });
    const profile = applicantProfileFrom(p);
    return this.run(admin, id, { type: 'UpdateApplicantProfile', profile, now: new Date() });
  }

  @Put(':id/verify')
  verify(
    @CurrentUser() admin: SessionUser,
    @Param('id', idParam(APPLICANT_NOT_FOUND)) id: string,
    @Query() query: Record<string, unknown>,
  ) {
    const { verification_status, notes } = parseOrThrow(verifyQuerySchema, query, 'query');
    const now = new Date();
    const adminActor = { email_verified: admin.email_verified };
    if (verification_status === 'verified') {
      return this.run(admin, id, { type: 'VerifyApplicant', admin: adminActor, notes: actionNote('Verified', admin, notes), now });
    }
    if (!notes) throw RequestValidationError.single('query', 'notes', REASON_REQUIRED);
    return this.run(admin, id, { type: 'RejectApplicant', admin: adminActor, notes: actionNote('Rejected', admin, notes), now });
  }

  /** Both directions need a reason (the spec's dialogs require one). */
  @Put(':id/status')
  status(@CurrentUser() admin: SessionUser, @Param('id', idParam(APPLICANT_NOT_FOUND)) id: string, @Body() body: unknown) {
    const { is_active, notes } = parseOrThrow(statusBodySchema, body);
    if (!notes) throw RequestValidationError.single('body', 'notes', REASON_REQUIRED);
    const now = new Date();
    if (is_active) return this.run(admin, id, { type: 'ActivateApplicant', notes: actionNote('Activated', admin, notes), now });
    return this.run(admin, id, { type: 'DeactivateApplicant', notes: actionNote('Deactivated', admin, notes), now });
  }

  @Post(':id/send-password-reset')
  @HttpCode(200)
  async sendPasswordReset(@Param('id', idParam(APPLICANT_NOT_FOUND)) id: string) {
    const applicant = await this.view(id);
    await this.emails.request('reset-password', applicant.user_id as string).catch(() => {
      throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
    });
    return { message: 'Password reset email sent successfully' };
  }

  /** The whole count, for a page past the end (the window count comes with rows only). */
  private async count(): Promise<number> {
    const [row] = await this.db.query('SELECT count(*)::int AS total FROM applicants');
    return row.total;
  }

  private async view(id: string) {
    const applicant = await applicantView(this.db, id);
    if (!applicant) throw new NotFoundException(APPLICANT_NOT_FOUND);
    return applicant;
  }

  private async run(admin: SessionUser, id: string, command: ApplicantCommand) {
    await this.view(id);
    await this.commands.handle(applicantStream(id), applicantDecider, command, adminMetadata(admin));
    return this.view(id);
  }
}
