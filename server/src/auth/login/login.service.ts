import { ForbiddenException, HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, Config } from '../../config/config';
import { LoginThrottle, TOO_MANY_ATTEMPTS } from '../login-throttle';
import { hashPassword, needsRehash, unknownAccountHash, verifyPassword } from '../passwords';
import { AccessTokens } from '../tokens';
import { findUserByEmail } from '../users.sql';

export const WRONG_CREDENTIALS = 'Incorrect email or password';
export const EMAIL_NOT_VERIFIED = 'Please verify your email address before signing in. Check your inbox for the verification link.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact support.';

/**
 * Signing in: the throttle's ticket first, then the password, then the account's standing; a
 * successful sign-in records last_login and answers with a bearer token.
 */
@Injectable()
export class LoginService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly db: DataSource,
    private readonly tokens: AccessTokens,
    @Inject(CONFIG) config: Config,
  ) {
    this.throttle = new LoginThrottle(db, config.LOGIN_MAX_FAILURES);
    // Made now, so the first unknown email does not pay for it.
    void unknownAccountHash();
  }

  async login(email: string, password: string, address: string) {
    if (!(await this.throttle.admit(email, address))) throw new HttpException(TOO_MANY_ATTEMPTS, 429);
    const user = await findUserByEmail(this.db, email);
    // An unknown email is checked against a stand-in hash, so its answer takes as long as a
    // wrong password's and the timing does not tell which emails have accounts.
    const passwordRight = await verifyPassword(user?.password_hash ?? (await unknownAccountHash()), password);
    if (!user || !passwordRight) throw new UnauthorizedException(WRONG_CREDENTIALS);
    await this.throttle.succeeded(user.email, address);
    if (!user.is_active) throw new ForbiddenException(ACCOUNT_DEACTIVATED);
    // Admins may sign in unverified: the console then shows 'Email Verification Required' and
    // refuses verifying or rejecting accounts until they confirm their own address.
    if (!user.email_verified && !user.is_admin) {
      throw new ForbiddenException({ detail: EMAIL_NOT_VERIFIED, code: 'email_verification_required' });
    }
    await this.db.query('UPDATE users SET previous_login = last_login, last_login = now() WHERE id = $1', [user.id]);
    await this.upgradeHash(user.id, user.password_hash, password);
    return { access_token: this.tokens.sign(user), token_type: 'bearer' };
  }

  /**
   * A hash weaker than today's parameters is replaced while the password is at hand. Only if it
   * is still the same hash: a password changed meanwhile wins. The token version stays, so no
   * session ends.
   */
  private async upgradeHash(userId: string, hash: string, password: string): Promise<void> {
    if (!needsRehash(hash)) return;
    await this.db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
      userId,
      hash,
      await hashPassword(password),
    ]);
  }
}
