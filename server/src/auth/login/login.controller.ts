import { Body, Controller, ForbiddenException, HttpCode, HttpException, Inject, Post, Req, UnauthorizedException } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { accessTokenSchema } from '../../domain/accounts/responses';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { CONFIG, Config } from '../../config/config';
import { loginPayloadSchema } from '../../domain/accounts/auth';
import { Public } from '../access';
import { LoginThrottle, TOO_MANY_ATTEMPTS } from '../login-throttle';
import { unknownAccountHash, verifyPassword } from '../passwords';
import { AccessTokens } from '../tokens';
import { findUserByEmail } from '../users.sql';

class LoginDto extends createZodDto(loginPayloadSchema) {}

export const WRONG_CREDENTIALS = 'Incorrect email or password';
export const EMAIL_NOT_VERIFIED = 'Please verify your email address before signing in. Check your inbox for the verification link.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact support.';

/** POST /api/auth/login: form-encoded username and password (the runtime contract). */
@ApiTags('auth')
@ApiErrorAnswers([401, 403, 422, 429])
@Controller('auth')
export class LoginController {
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

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiAnswer(accessTokenSchema)
  async login(@Body() body: LoginDto, @Req() request: Request) {
    const address = request.ip ?? 'unknown';
    if (!(await this.throttle.admit(body.username, address))) throw new HttpException(TOO_MANY_ATTEMPTS, 429);
    const user = await findUserByEmail(this.db, body.username);
    // An unknown email is checked against a stand-in hash, so its answer takes as long as a
    // wrong password's and the timing does not tell which emails have accounts.
    const passwordRight = await verifyPassword(user?.password_hash ?? (await unknownAccountHash()), body.password);
    if (!user || !passwordRight) throw new UnauthorizedException(WRONG_CREDENTIALS);
    await this.throttle.succeeded(user.email, address);
    if (!user.is_active) throw new ForbiddenException(ACCOUNT_DEACTIVATED);
    // Admins may sign in unverified: the console then shows 'Email Verification Required' and
    // refuses verifying or rejecting accounts until they confirm their own address.
    if (!user.email_verified && !user.is_admin) {
      throw new ForbiddenException({ detail: EMAIL_NOT_VERIFIED, code: 'email_verification_required' });
    }
    await this.db.query('UPDATE users SET last_login = now() WHERE id = $1', [user.id]);
    return { access_token: this.tokens.sign(user), token_type: 'bearer' };
  }
}
