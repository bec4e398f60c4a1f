import { BadRequestException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountEmails, EMAIL_UNAVAILABLE } from '../account-emails';
import { consumeEmailToken } from '../email-tokens';
import { hashPassword } from '../passwords';
import { findUserByEmail } from '../users.sql';
import { RealtimePublisher } from '../../realtime/realtime-publisher';

export const RESET_REQUESTED = "If an account exists for that email address, we've sent it a link to reset the password.";
export const RESET_TOKEN_INVALID = 'Invalid or expired reset link. Please request a new password reset.';

/** Password reset by emailed link: the request, and the new password set from the link's token. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly db: DataSource,
    private readonly emails: AccountEmails,
    private readonly realtime: RealtimePublisher,
  ) {}

  /** The same answer whether or not the address has an account. */
  async request(email: string) {
    const user = await findUserByEmail(this.db, email);
    if (user?.is_active) {
      await this.emails.request('reset-password', user.id).catch(() => {
        throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
      });
    }
    return { message: RESET_REQUESTED };
  }

  /** Sets the new password, ends every existing session (token_version) and confirms by email. */
  async reset(tokenValue: string, newPassword: string) {
    const hash = await hashPassword(newPassword);
    const userId = await this.db.transaction(async (tx) => {
      const token = await consumeEmailToken(tx, tokenValue, ['reset_password']);
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
