import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  facilityInviteSchema,
  facilityMemberPermissionsSchema,
  type FacilityInvite,
  type FacilityMemberPermissions,
} from '../../domain/accounts/invites';
import { FACILITY_MEMBER_MESSAGES, facilityInvitationViewSchema, facilityUserViewSchema } from '../../domain/facility-members';
import { CurrentUser, FacilityMember } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { idParam } from '../../http/id-param';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { TeamCommands } from './team-commands';

class FacilityInviteDto extends createZodDto(facilityInviteSchema) {}
class FacilityMemberPermissionsDto extends createZodDto(facilityMemberPermissionsSchema) {}

const M = FACILITY_MEMBER_MESSAGES;

/**
 * Managing the team: members with is_legacy_admin, role admin or can_manage_users. The guard
 * checks the flag on every request; the decider keeps the team's own rules (admins are not
 * editable, never yourself, never the last admin).
 */
@ApiTags('facility users')
@ApiBearerAuth()
@FacilityMember('can_manage_users')
@ApiErrorAnswers()
@Controller()
export class TeamController {
  constructor(private readonly team: TeamCommands) {}

  @Post('facility-user-invites')
  @HttpCode(201)
  @ApiOperation({ summary: 'Invite someone by email (re-sends a pending invitation to the same address with a new link)' })
  @ApiAnswer(facilityInvitationViewSchema, { status: 201 })
  invite(@CurrentUser() user: SessionUser, @Body() body: FacilityInviteDto) {
    return this.team.invite(user, body as FacilityInvite);
  }

  @Post('facility-user-invites/:id/resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a pending invitation again with a new link (the old one stops working)' })
  @ApiAnswer(facilityInvitationViewSchema)
  resend(@CurrentUser() user: SessionUser, @Param('id', idParam(M.invitationNotFound)) id: string) {
    return this.team.resend(user, id.toLowerCase());
  }

  @Delete('facility-user-invites/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a pending invitation (its link stops working)' })
  @ApiNoContentResponse({ description: 'Revoked' })
  async revoke(@CurrentUser() user: SessionUser, @Param('id', idParam(M.invitationNotFound)) id: string): Promise<void> {
    await this.team.revoke(user, id.toLowerCase());
  }

  @Put('facility-users/:id')
  @ApiOperation({ summary: "Change a user member's role and flags (admins hold every flag and cannot be edited)" })
  @ApiAnswer(facilityUserViewSchema)
  update(@CurrentUser() user: SessionUser, @Param('id', idParam(M.memberNotFound)) id: string, @Body() body: FacilityMemberPermissionsDto) {
    return this.team.changePermissions(user, id.toLowerCase(), body as FacilityMemberPermissions);
  }

  @Delete('facility-users/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a member (never yourself, never the last admin); their sessions end' })
  @ApiNoContentResponse({ description: 'Removed' })
  async remove(@CurrentUser() user: SessionUser, @Param('id', idParam(M.memberNotFound)) id: string): Promise<void> {
    await this.team.remove(user, id.toLowerCase());
  }
}
