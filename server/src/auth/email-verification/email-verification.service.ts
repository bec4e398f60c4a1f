import { BadRequestException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { accountMessages } from '../../domain/accounts/messages';
import { returnedRows } from '../../database/returning';
import { AccountEmails, EMAIL_UNAVAILABLE } from '../account-emails';
import { consumeEmailToken } from '../email-tokens';
import { findUserByEmail, isEmailTaken } from '../users.sql';

/** Confirming an address from its emailed link, and sending that link again. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly db: DataSource,
    private readonly emails: AccountEmails,
  ) {}

  /** Confirms a registration address, or a new address after an email change. */
  async verify(tokenValue: string) {
    const token = await consumeEmailToken(this.db, tokenValue, ['verify_email', 'change_email']);
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
  async resend(email: string) {
    const user = await findUserByEmail(this.db, email);
    if (user && !user.email_verified && user.is_active) {
      await this.emails.request('verify-email', user.id).catch(() => {
        throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
      });
    }
    return { message: accountMessages.verificationEmailSent };
  }
}
