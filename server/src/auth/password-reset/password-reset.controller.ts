import { BadRequestException, Controller, HttpCode, Post, Query, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messageResponseSchema } from '../../domain/accounts/responses';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { forgotPasswordSchema, resetPasswordPayloadSchema } from '../../domain/accounts/auth';
import { Public } from '../access';
import { AccountEmails } from '../account-emails';
import { EMAIL_UNAVAILABLE } from '../email-verification/email-verification.controller';
import { consumeEmailToken } from '../email-tokens';
import { hashPassword } from '../passwords';
import { findUserByEmail } from '../users.sql';
import { RealtimePublisher } from '../../realtime/realtime-publisher';

class RequestResetQuery extends createZodDto(forgotPasswordSchema) {}
class ResetPasswordQuery extends createZodDto(resetPasswordPayloadSchema) {}

export const RESET_REQUESTED = "If an account exists for that email address, we've sent it a link to reset the password.";
export const RESET_TOKEN_INVALID = 'Invalid or expired reset link. Please request a new password reset.';

@ApiTags('auth')
@ApiErrorAnswers([400, 422, 503])
@Controller('auth')
export class PasswordResetController {
  constructor(
    private readonly db: DataSource,
    private readonly emails: AccountEmails,
    private readonly realtime: RealtimePublisher,
  ) {}

  /** The same answer whether or not the address has an account. */
  @Public()
  @Post('request-password-reset')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  async request(@Query() query: RequestResetQuery) {
    const user = await findUserByEmail(this.db, query.email);
    if (user?.is_active) {
      await this.emails.request('reset-password', user.id).catch(() => {
        throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
      });
    }
    return { message: RESET_REQUESTED };
  }

  /** Sets the new password, ends every existing session (token_version) and confirms by email. */
  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  async reset(@Query() query: ResetPasswordQuery) {
    const hash = await hashPassword(query.new_password);
    const userId = await this.db.transaction(async (tx) => {
      const token = await consumeEmailToken(tx, query.token, ['reset_password']);
      if (!token) return null;
      // The link arrived by email, so following it also proves the address.
      await tx.query(
        `UPDATE users SET password_hash = $2, token_version = token_version + 1, email_verified = true, updated_at = now() WHERE id = $1`,
        [token.user_id, hash],
      );
      // Any other reset link still in a mailbox stops working too.
      await tx.query(`UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`, [
        token.user_id,
      ]);
      return token.user_id;
    });
    if (!userId) throw new BadRequestException(RESET_TOKEN_INVALID);
    this.realtime.endSessions(userId);
    await this.emails.request('password-changed', userId).catch(() => undefined);
    return { message: 'Your password has been reset. You can now sign in with your new password.' };
  }
}
