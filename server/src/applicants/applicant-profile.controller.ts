import { Body, Controller, ForbiddenException, Get, NotFoundException, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { accountMessages } from '../domain/accounts/messages';
import { applicantProfileSchema, type ApplicantProfile } from '../domain/accounts/profiles';
import { applicantDecider, applicantProfileFrom, applicantStream } from '../domain/applicants/applicant';
import { CurrentUser, SignedIn } from '../auth/access';
import { claimLicense, claimNpi } from '../auth/identifier-claims';
import { displayName, type SessionUser } from '../auth/session-user';
import { parseOrThrow } from '../http/validation';
import { CommandBus } from '../platform/command-bus';
import { applicantView } from '../accounts/views';

class ApplicantProfileDto extends createZodDto(applicantProfileSchema) {}

function requireApplicant(user: SessionUser): string {
  if (user.role !== 'applicant' || !user.applicant_id) throw new ForbiddenException(accountMessages.applicantProfileAccessDenied);
  return user.applicant_id;
}

@ApiTags('applicants')
@ApiBearerAuth()
@SignedIn()
@Controller('applicants/profile')
export class ApplicantProfileController {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  async get(@CurrentUser() user: SessionUser) {
    const view = await applicantView(this.db, requireApplicant(user));
    if (!view) throw new NotFoundException('Applicant not found');
    return view;
  }

  // The body is parsed after the role check, so anyone but an applicant gets the access refusal
  // whatever they send.
  @Put()
  @ApiBody({ type: ApplicantProfileDto })
  async put(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    const applicantId = requireApplicant(user);
    const p: ApplicantProfile = parseOrThrow(applicantProfileSchema, body);
    await this.db.transaction(async (tx) => {
      await claimNpi(tx, applicantId, p.npi);
      await claimLicense(tx, applicantId, p.license_state, p.license_number);
      await tx.query('UPDATE users SET first_name = $2, last_name = $3, updated_at = now() WHERE id = $1', [
        user.id,
        p.first_name,
        p.last_name,
      ]);
    });
    const profile = applicantProfileFrom(p);
    const metadata = { actor: { user_id: user.id, side: 'applicant' as const, name: displayName(user) } };
    await this.commands.handle(
      applicantStream(applicantId),
      applicantDecider,
      { type: 'UpdateApplicantProfile', profile, now: new Date() },
      metadata,
    );
    return applicantView(this.db, applicantId);
  }
}
