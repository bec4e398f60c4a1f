import type { DataSource } from 'typeorm';
import { loadSessionUser, SessionUser } from './session-user';
import { AccessTokens } from './tokens';

/** Turns a bearer token into the current user, for HTTP requests and socket handshakes alike. */
export class Authenticator {
  constructor(
    private readonly db: DataSource,
    private readonly tokens: AccessTokens,
  ) {}

  async authenticate(token: string | null): Promise<SessionUser | null> {
    if (!token) return null;
    const claims = this.tokens.verify(token);
    if (!claims) return null;
    const user = await loadSessionUser(this.db, claims.sub).catch(() => null);
    if (!user || user.token_version !== claims.ver) return null;
    return user;
  }
}
