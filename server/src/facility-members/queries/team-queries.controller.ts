import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { inviteTokenSchema, type InviteToken } from '../../domain/accounts/invites';
import { facilityInvitationViewSchema, facilityUserViewSchema, invitationValidationSchema } from '../../domain/facility-members';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { CurrentUser, FacilityMember, Public } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { membershipOf } from '../team-context';
import { facilityUsers, pendingInvitations } from '../team-views';
import { InvitationLookup } from '../registration/invitation-lookup';

class InviteTokenDto extends createZodDto(inviteTokenSchema) {}

@ApiTags('facility users')
@Controller()
export class TeamQueriesController {
  constructor(
    private readonly db: DataSource,
    private readonly invitations: InvitationLookup,
  ) {}

  @Get('facility-users')
  @ApiBearerAuth()
  @FacilityMember('can_manage_users')
  @ApiOperation({ summary: "The caller's facility members" })
  @ApiAnswer(facilityUserViewSchema, { array: true })
  @ApiErrorAnswers([401, 403])
  members(@CurrentUser() user: SessionUser) {
    return facilityUsers(this.db, membershipOf(user).facility_id);
  }

  @Get('facility-user-invites')
  @ApiBearerAuth()
  @FacilityMember('can_manage_users')
  @ApiOperation({ summary: "The caller's facility's pending invitations" })
  @ApiAnswer(facilityInvitationViewSchema, { array: true })
  @ApiErrorAnswers([401, 403])
  invites(@CurrentUser() user: SessionUser) {
    return pendingInvitations(this.db, membershipOf(user).facility_id, new Date());
  }

  @Public()
  @Post('facility-user-invites/validate-token')
  @HttpCode(200)
  @ApiOperation({ summary: 'What an invitation link is for, and whether it can still be used' })
  @ApiAnswer(invitationValidationSchema)
  @ApiErrorAnswers([422])
  validate(@Body() body: InviteTokenDto) {
    return this.invitations.validate((body as InviteToken).token);
  }
}
