import { BadRequestException, ConflictException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { accountMessages } from '../../domain/accounts/messages';
import type { OwnProfile, PasswordChangePayload } from '../../domain/accounts/profiles';
import { ApplicantProfileCommands } from '../../applicants/commands/applicant-profile-commands';
import { AccountEmails, EMAIL_UNAVAILABLE } from '../../auth/account-emails';
import { TOKEN_LIFETIME_MS } from '../../auth/email-tokens';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { SessionUser } from '../../auth/session-user';
import { AccessTokens } from '../../auth/tokens';
import { findUserById, isEmailTaken } from '../../auth/users.sql';
import { returnedRows } from '../../database/returning';
import { RealtimePublisher } from '../../realtime/realtime-publisher';
import { userView } from '../views';

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/**
 * Changes to the signed-in user's own account row (credentials never enter the log; an
 * applicant's names also go to their applicant record, where they are identity):
 * names, an email change waiting for confirmation, and the password.
 */
@Injectable()
export class AccountCommands {
  constructor(
    private readonly db: DataSource,
    private readonly emails: AccountEmails,
    private readonly tokens: AccessTokens,
    private readonly realtime: RealtimePublisher,
    private readonly applicants: ApplicantProfileCommands,
  ) {}

  /**
   * Names change at once. A new email is only used to sign in once confirmed from the new
   * address: until then it waits in pending_email and the answer says so.
   */
  async updateProfile(user: SessionUser, profile: OwnProfile) {
    const emailChanged = profile.email.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged && (await isEmailTaken(this.db, profile.email, user.id))) throw new ConflictException(accountMessages.emailTaken);
    // The new address is reserved for as long as its confirmation link lives.
    await this.db.query(
      `UPDATE users SET first_name = $2, last_name = $3, pending_email = $4,
              pending_email_expires_at = CASE WHEN $4::text IS NULL THEN NULL ELSE now() + $5 * interval '1 millisecond' END,
              updated_at = now()
        WHERE id = $1`,
      [user.id, profile.first_name ?? null, profile.last_name ?? null, emailChanged ? profile.email : null, TOKEN_LIFETIME_MS.change_email],
    );
    await this.renameApplicant(user, profile);
    if (emailChanged) {
      await this.emails.request('change-email', user.id).catch(() => {
        throw new ServiceUnavailableException(EMAIL_UNAVAILABLE);
      });
    }
    const view = await userView(this.db, user.id);
    return {
      ...view,
      message: emailChanged
        ? `We sent a confirmation link to ${profile.email}. Your sign-in email changes once you confirm it.`
        : 'Profile updated successfully',
    };
  }

  /** An applicant's name is identity: a new one goes to the applicant's record (and its review). */
  private async renameApplicant(user: SessionUser, profile: OwnProfile) {
    const names = { first_name: profile.first_name ?? null, last_name: profile.last_name ?? null };
    if (!user.applicant_id || (names.first_name === user.first_name && names.last_name === user.last_name)) return;
    await this.applicants.rename(user, user.applicant_id, names);
  }

  /** Changing the password ends every other session; the answer carries this session's new token. */
  async changePassword(session: SessionUser, change: PasswordChangePayload) {
    const user = await findUserById(this.db, session.id);
    if (!user || !(await verifyPassword(user.password_hash, change.current_password))) {
      throw new BadRequestException(CURRENT_PASSWORD_WRONG);
    }
    const hash = await hashPassword(change.new_password);
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
}
