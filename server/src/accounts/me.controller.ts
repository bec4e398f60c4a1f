import { Body, Controller, Get, NotFoundException, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { facilityMembershipSchema } from '../domain/accounts/facility-permissions';
import { passwordChangedSchema } from '../domain/accounts/responses';
import { updatedUserViewSchema, userViewSchema } from '../domain/accounts/user-view';
import { ApiAnswer, ApiErrorAnswers } from '../http/openapi';
import { createZodDto } from 'nestjs-zod';
import { ownProfileSchema, passwordChangePayloadSchema } from '../domain/accounts/profiles';
import { CurrentUser, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { AccountCommands } from './commands/account-commands';
import { AccountQueries } from './queries/account-queries';

class OwnProfileDto extends createZodDto(ownProfileSchema) {}
class PasswordChangeDto extends createZodDto(passwordChangePayloadSchema) {}

@ApiTags('users')
@ApiBearerAuth()
@ApiErrorAnswers([400, 401, 404, 409, 422, 503])
@SignedIn()
@Controller('users/me')
export class MeController {
  constructor(
    private readonly queries: AccountQueries,
    private readonly commands: AccountCommands,
  ) {}

  @Get()
  @ApiAnswer(userViewSchema)
  me(@CurrentUser() user: SessionUser) {
    return this.queries.me(user.id);
  }

  /**
   * Names change at once. A new email is only used to sign in once confirmed from the new
   * address: until then it waits in pending_email and the answer says so.
   */
  @Put()
  @ApiAnswer(updatedUserViewSchema)
  update(@CurrentUser() user: SessionUser, @Body() body: OwnProfileDto) {
    return this.commands.updateProfile(user, body);
  }

  /** Changing the password ends every other session; the answer carries this session's new token. */
  @Put('password')
  @ApiAnswer(passwordChangedSchema)
  changePassword(@CurrentUser() session: SessionUser, @Body() body: PasswordChangeDto) {
    return this.commands.changePassword(session, body);
  }

  @Get('facility-permissions')
  @ApiAnswer(facilityMembershipSchema)
  permissions(@CurrentUser() user: SessionUser) {
    if (!user.membership) throw new NotFoundException('You are not a member of a facility.');
    return user.membership;
  }
}
