import { BadRequestException, Body, Controller, HttpCode, Post, Query, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messageResponseSchema } from '../../domain/accounts/responses';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { verifyEmailPayloadSchema, forgotPasswordSchema } from '../../domain/accounts/auth';
import { accountMessages } from '../../domain/accounts/messages';
import { Public } from '../access';
import { AccountEmails } from '../account-emails';
import { returnedRows } from '../../database/returning';
import { consumeEmailToken } from '../email-tokens';
import { findUserByEmail, isEmailTaken } from '../users.sql';

class VerifyEmailQuery extends createZodDto(verifyEmailPayloadSchema) {}
class ResendVerificationDto extends createZodDto(forgotPasswordSchema) {}

export const EMAIL_UNAVAILABLE = 'We could not send the email right now. Please try again in a few minutes.';

@ApiTags('auth')
@ApiErrorAnswers([400, 422, 503])
@Controller('auth')
export class EmailVerificationController {
  constructor(
    private readonly db: DataSource,
    private readonly emails: AccountEmails,
  ) {}

  /** Confirms a registration address, or a new address after an email change. */
  @Public()
  @Post('verify-email')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  async verify(@Query() query: VerifyEmailQuery) {
    const token = await consumeEmailToken(this.db, query.token, ['verify_email', 'change_email']);
    if (!token) throw new BadRequestException(accountMessages.verificationTokenInvalid);
    if (token.purpose === 'verify_email') {
      await this.db.query('UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1 AND lower(email) = lower($2)', [
        token.user_id,
        token.email,
      ]);
      return { message: 'Your email address is verified. You can now sign in.' };
    }
    if (await isEmailTaken(this.db, token.email, token.user_id)) throw new BadRequestException(accountMessages.emailTaken);
    const changed = await this.db.query(
      `UPDATE users SET email = pending_email, pending_email = NULL, email_verified = true, updated_at = now()
        WHERE id = $1 AND lower(pending_email) = lower($2) RETURNING id`,
      [token.user_id, token.email],
    );
    // The change was withdrawn (or replaced by another) since this link was sent.
    if (returnedRows(changed).length === 0) throw new BadRequestException(accountMessages.verificationTokenInvalid);
    return { message: 'Your new email address is confirmed. Use it the next time you sign in.' };
  }

  /** Answers the same whether or not the address has an account, so it reveals nothing. */
  @Public()
  @Post('resend-verification-email')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  async resend(@Body() body: ResendVerificationDto) {
    const user = await findUserByEmail(this.db, body.email);
    if (user && !user.email_verified && user.is_active) {
      await this.emails.request('verify-email', user.id).catch(() => {
        throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
      });
    }
    return { message: accountMessages.verificationEmailSent };
  }
}
