import { Body, Controller, ForbiddenException, Get, NotFoundException, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { accountMessages } from '../domain/accounts/messages';
import { applicantProfileSchema } from '../domain/accounts/profiles';
import { applicantViewSchema } from '../domain/applicants/applicant-view';
import { ApiAnswer, ApiErrorAnswers } from '../http/openapi';
import { CurrentUser, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { parseOrThrow } from '../http/validation';
import { applicantView } from '../accounts/views';
import { ApplicantProfileCommands } from './commands/applicant-profile-commands';

class ApplicantProfileDto extends createZodDto(applicantProfileSchema) {}

function requireApplicant(user: SessionUser): string {
  if (user.role !== 'applicant' || !user.applicant_id) throw new ForbiddenException(accountMessages.applicantProfileAccessDenied);
  return user.applicant_id;
}

@ApiTags('applicants')
@ApiBearerAuth()
@ApiErrorAnswers()
@SignedIn()
@Controller('applicants/profile')
export class ApplicantProfileController {
  constructor(
    private readonly db: DataSource,
    private readonly profiles: ApplicantProfileCommands,
  ) {}

  @Get()
  @ApiAnswer(applicantViewSchema)
  async get(@CurrentUser() user: SessionUser) {
    const view = await applicantView(this.db, requireApplicant(user));
    if (!view) throw new NotFoundException('Applicant not found');
    return view;
  }

  // The body is parsed after the role check, so anyone but an applicant gets the access refusal
  // whatever they send.
  @Put()
  @ApiBody({ type: ApplicantProfileDto })
  @ApiAnswer(applicantViewSchema)
  async put(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    const applicantId = requireApplicant(user);
    return this.profiles.save(user, applicantId, parseOrThrow(applicantProfileSchema, body));
  }
}
