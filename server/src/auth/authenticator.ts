import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { loadSessionUsers, SessionUser } from './session-user';
import { AccessTokens } from './tokens';

const userId = z.guid();
/** Keeps each statement's answer bounded however many requests arrive at once. */
const MAX_USERS_PER_READ = 500;

/** Turns a bearer token into the current user, for HTTP requests and socket handshakes alike. */
export class Authenticator {
  /**
   * The users asked for during one turn of the event loop, read in one statement once it ends
   * (setImmediate): under load one round trip serves every request that arrived together. Each
   * read starts after the requests that wait for it arrived, so a change committed before a
   * request (a deactivation, a new token version) is always seen; nothing is kept afterwards.
   */
  private readonly users: DataLoader<string, SessionUser | null>;

  constructor(
    db: DataSource,
    private readonly tokens: AccessTokens,
  ) {
    this.users = new DataLoader(
      async (ids) => {
        const users = await loadSessionUsers(db, ids);
        return ids.map((id) => users.get(id) ?? null);
      },
      { cache: false, batchScheduleFn: (load) => setImmediate(load), maxBatchSize: MAX_USERS_PER_READ },
    );
  }

  async authenticate(token: string | null): Promise<SessionUser | null> {
    if (!token) return null;
    const claims = this.tokens.verify(token);
    if (!claims || !userId.safeParse(claims.sub).success) return null;
    const user = await this.users.load(claims.sub).catch(() => null);
    if (!user || user.token_version !== claims.ver) return null;
    return user;
  }
}
