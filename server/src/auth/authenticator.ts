import type { SessionUser } from './session-user';
import type { SessionUsers } from './session-users';
import { AccessTokens } from './tokens';

/** Turns a bearer token into the current user, for HTTP requests and socket handshakes alike. */
export class Authenticator {
  constructor(
    private readonly users: SessionUsers,
    private readonly tokens: AccessTokens,
  ) {}

  async authenticate(token: string | null): Promise<SessionUser | null> {
    if (!token) return null;
    const claims = this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.users.load(claims.sub).catch(() => null);
    if (!user || user.token_version !== claims.ver) return null;
    return user;
  }
}
