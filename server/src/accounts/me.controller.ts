import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  NotFoundException,
  Put,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { facilityMembershipSchema } from '../domain/accounts/facility-permissions';
import { passwordChangedSchema } from '../domain/accounts/responses';
import { updatedUserViewSchema, userViewSchema } from '../domain/accounts/user-view';
import { ApiAnswer, ApiErrorAnswers } from '../http/openapi';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { accountMessages } from '../domain/accounts/messages';
import { ownProfileSchema, passwordChangePayloadSchema } from '../domain/accounts/profiles';
import { CurrentUser, SignedIn } from '../auth/access';
import { AccountEmails } from '../auth/account-emails';
import { TOKEN_LIFETIME_MS } from '../auth/email-tokens';
import { EMAIL_UNAVAILABLE } from '../auth/email-verification/email-verification.controller';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { SessionUser } from '../auth/session-user';
import { AccessTokens } from '../auth/tokens';
import { findUserById, isEmailTaken } from '../auth/users.sql';
import { returnedRows } from '../database/returning';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { userView } from './views';

class OwnProfileDto extends createZodDto(ownProfileSchema) {}
class PasswordChangeDto extends createZodDto(passwordChangePayloadSchema) {}

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

@ApiTags('users')
@ApiBearerAuth()
@ApiErrorAnswers([400, 401, 404, 409, 422, 503])
@SignedIn()
@Controller('users/me')
export class MeController {
  constructor(
    private readonly db: DataSource,
    private readonly emails: AccountEmails,
    private readonly tokens: AccessTokens,
    private readonly realtime: RealtimePublisher,
  ) {}

  @Get()
  @ApiAnswer(userViewSchema)
  me(@CurrentUser() user: SessionUser) {
    return userView(this.db, user.id);
  }

  /**
   * Names change at once. A new email is only used to sign in once confirmed from the new
   * address: until then it waits in pending_email and the answer says so.
   */
  @Put()
  @ApiAnswer(updatedUserViewSchema)
  async update(@CurrentUser() user: SessionUser, @Body() body: OwnProfileDto) {
    const emailChanged = body.email.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged && (await isEmailTaken(this.db, body.email, user.id))) throw new ConflictException(accountMessages.emailTaken);
    // The new address is reserved for as long as its confirmation link lives.
    await this.db.query(
      `UPDATE users SET first_name = $2, last_name = $3, pending_email = $4,
              pending_email_expires_at = CASE WHEN $4::text IS NULL THEN NULL ELSE now() + $5 * interval '1 millisecond' END,
              updated_at = now()
        WHERE id = $1`,
      [user.id, body.first_name ?? null, body.last_name ?? null, emailChanged ? body.email : null, TOKEN_LIFETIME_MS.change_email],
    );
    if (emailChanged) {
      await this.emails.request('change-email', user.id).catch(() => {
        throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
      });
    }
    const view = await userView(this.db, user.id);
    return {
      ...view,
      message: emailChanged
        ? `We sent a confirmation link to ${body.email}. Your sign-in email changes once you confirm it.`
        : 'Profile updated successfully',
    };
  }

  /** Changing the password ends every other session; the answer carries this session's new token. */
  @Put('password')
  @ApiAnswer(passwordChangedSchema)
  async changePassword(@CurrentUser() session: SessionUser, @Body() body: PasswordChangeDto) {
    const user = await findUserById(this.db, session.id);
    if (!user || !(await verifyPassword(user.password_hash, body.current_password))) {
      throw new BadRequestException(CURRENT_PASSWORD_WRONG);
    }
    const hash = await hashPassword(body.new_password);
    const result = await this.db.query(
      'UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1 RETURNING id, token_version',
      [user.id, hash],
    );
    const [updated] = returnedRows<{ id: string; token_version: number }>(result);
    // Reset links sent before the change must not undo it.
    await this.db.query(`UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`, [
      user.id,
    ]);
    this.realtime.endSessions(user.id);
    await this.emails.request('password-changed', user.id).catch(() => undefined);
    return { message: 'Password updated successfully', access_token: this.tokens.sign(updated), token_type: 'bearer' };
  }

  @Get('facility-permissions')
  @ApiAnswer(facilityMembershipSchema)
  permissions(@CurrentUser() user: SessionUser) {
    if (!user.membership) throw new NotFoundException('You are not a member of a facility.');
    return user.membership;
  }
}
