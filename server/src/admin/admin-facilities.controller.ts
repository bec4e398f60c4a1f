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
import { facilityProfileSchema, type FacilityProfile } from '../domain/accounts/profiles';
import { FacilityCommand, facilityDecider, facilityProfileFrom, facilityStream } from '../domain/facilities/facility';
import { postingStatus } from '../domain/postings';
import { AdminOnly, CurrentUser } from '../auth/access';
import { AccountEmails } from '../auth/account-emails';
import { EMAIL_UNAVAILABLE } from '../auth/email-verification/email-verification.controller';
import { claimNpi } from '../auth/identifier-claims';
import type { SessionUser } from '../auth/session-user';
import { facilityView } from '../accounts/views';
import { EVENT_STORE, EventStore } from '../eventstore/event-store.port';
import { idParam } from '../http/id-param';
import { parseOrThrow, RequestValidationError } from '../http/validation';
import { CommandBus } from '../platform/command-bus';
import { actionNote, adminMetadata } from './admin-actor';
import { listQuerySchema, REASON_REQUIRED, statusBodySchema, verifyQuerySchema } from './admin.schemas';
import { streamHistory } from './history';

class FacilityEditDto extends createZodDto(facilityProfileSchema) {}

const FACILITY_NOT_FOUND = 'Facility not found';

/** At most this many postings per facility in the admin console (newest first). */
export const ADMIN_POSTINGS_LIMIT = 200;

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/facilities')
export class AdminFacilitiesController {
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
      `SELECT f.*, u.first_name AS admin_first_name, u.last_name AS admin_last_name, u.email AS admin_email,
              u.email_verified AS admin_email_verified, count(*) OVER () AS total
         FROM facilities f LEFT JOIN users u ON u.id = f.admin_user_id
        ORDER BY f.created_at DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    response.setHeader('X-Total-Count', String(rows[0]?.total ?? (offset > 0 ? await this.count() : 0)));
    return rows.map(
      ({ total, admin_first_name, admin_last_name, admin_email, admin_email_verified, ...facility }: Record<string, unknown>) => ({
        ...facility,
        admin: { first_name: admin_first_name, last_name: admin_last_name, email: admin_email, email_verified: admin_email_verified },
      }),
    );
  }

  @Get(':id')
  async get(@Param('id', idParam(FACILITY_NOT_FOUND)) id: string) {
    return this.view(id);
  }

  @Get(':id/users')
  async users(@Param('id', idParam(FACILITY_NOT_FOUND)) id: string) {
    await this.view(id);
    return this.db.query(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.email_verified, u.is_active, m.role, m.is_legacy_admin,
              CASE WHEN m.role = 'admin' OR m.is_legacy_admin THEN 'Admin' ELSE 'User' END AS user_type, m.created_at
         FROM facility_members m JOIN users u ON u.id = m.user_id
        WHERE m.facility_id = $1 ORDER BY m.created_at`,
      [id],
    );
  }

  @Get(':id/history')
  async history(@Param('id', idParam(FACILITY_NOT_FOUND)) id: string) {
    await this.view(id);
    return streamHistory(this.events, facilityStream(id));
  }

  /**
   * The facility's postings, newest first, from the job_postings read model, for auditing their
   * negotiations (each links to /jobs/{id}). Drafts included; 'expired' derived from time.
   */
  @Get(':id/postings')
  async postings(@Param('id', idParam(FACILITY_NOT_FOUND)) id: string) {
    await this.view(id);
    const now = new Date();
    const rows: {
      id: string;
      title: string;
      status: 'draft' | 'active' | 'withdrawn';
      auto_expire_date: Date;
      hourly_rate: number;
      start_date: string;
      end_date: string;
      bid_count: number;
      awaiting_response_count: number;
      created_at: Date;
    }[] = await this.db.query(
      `SELECT id, title, status, auto_expire_date, hourly_rate,
              to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
              bid_count, awaiting_response_count, created_at
         FROM job_postings WHERE facility_id = $1
        ORDER BY created_at DESC, id LIMIT ${ADMIN_POSTINGS_LIMIT}`,
      [id],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: postingStatus({ status: row.status, auto_expire_date: new Date(row.auto_expire_date).toISOString() }, now),
      hourly_rate: row.hourly_rate,
      start_date: row.start_date,
      end_date: row.end_date,
      bid_count: row.bid_count,
      awaiting_response_count: row.awaiting_response_count,
      created_at: row.created_at,
    }));
  }

  @Put(':id')
  async update(@CurrentUser() admin: SessionUser, @Param('id', idParam(FACILITY_NOT_FOUND)) id: string, @Body() body: FacilityEditDto) {
    const p = body as FacilityProfile;
    // NPIs are unique across the platform: the edit claims the new one (or frees the old) as the
    // facility's own profile page and registration do.
    await this.view(id);
    await this.db.transaction((tx) => claimNpi(tx, id, p.npi ?? null));
    const profile = facilityProfileFrom(p);
    return this.run(admin, id, { type: 'UpdateFacilityProfile', profile, now: new Date() });
  }

  @Put(':id/verify')
  async verify(
    @CurrentUser() admin: SessionUser,
    @Param('id', idParam(FACILITY_NOT_FOUND)) id: string,
    @Query() query: Record<string, unknown>,
  ) {
    const { verification_status, notes } = parseOrThrow(verifyQuerySchema, query, 'query');
    const now = new Date();
    const adminActor = { email_verified: admin.email_verified };
    if (verification_status === 'verified') {
      return this.run(admin, id, { type: 'VerifyFacility', admin: adminActor, notes: actionNote('Verified', admin, notes), now });
    }
    if (!notes) throw RequestValidationError.single('query', 'notes', REASON_REQUIRED);
    return this.run(admin, id, { type: 'RejectFacility', admin: adminActor, notes: actionNote('Rejected', admin, notes), now });
  }

  @Put(':id/status')
  async status(@CurrentUser() admin: SessionUser, @Param('id', idParam(FACILITY_NOT_FOUND)) id: string, @Body() body: unknown) {
    const { is_active, notes } = parseOrThrow(statusBodySchema, body);
    const now = new Date();
    if (is_active) return this.run(admin, id, { type: 'ActivateFacility', notes: actionNote('Activated', admin, notes), now });
    return this.run(admin, id, { type: 'SuspendFacility', notes: actionNote('Suspended', admin, notes), now });
  }

  @Post(':id/add-credit')
  @HttpCode(200)
  addCredit(@CurrentUser() admin: SessionUser, @Param('id', idParam(FACILITY_NOT_FOUND)) id: string) {
    return this.run(admin, id, { type: 'AddPostingCredit', now: new Date() });
  }

  @Post(':id/subtract-credit')
  @HttpCode(200)
  subtractCredit(@CurrentUser() admin: SessionUser, @Param('id', idParam(FACILITY_NOT_FOUND)) id: string) {
    return this.run(admin, id, { type: 'RemovePostingCredit', now: new Date() });
  }

  /** Sends the reset email to the facility's admin user. */
  @Post(':id/send-password-reset')
  @HttpCode(200)
  async sendPasswordReset(@Param('id', idParam(FACILITY_NOT_FOUND)) id: string) {
    const facility = await this.view(id);
    if (!facility.admin_user_id) throw new NotFoundException('This facility has no admin user.');
    await this.emails.request('reset-password', facility.admin_user_id as string).catch(() => {
      throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
    });
    return { message: 'Password reset email sent successfully' };
  }

  /** The whole count, for a page past the end (the window count comes with rows only). */
  private async count(): Promise<number> {
    const [row] = await this.db.query('SELECT count(*)::int AS total FROM facilities');
    return row.total;
  }

  private async view(id: string) {
    const facility = await facilityView(this.db, id);
    if (!facility) throw new NotFoundException(FACILITY_NOT_FOUND);
    return facility;
  }

  private async run(admin: SessionUser, id: string, command: FacilityCommand) {
    await this.view(id);
    await this.commands.handle(facilityStream(id), facilityDecider, command, adminMetadata(admin));
    return this.view(id);
  }
}
