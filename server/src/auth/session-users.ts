import type { DataSource } from 'typeorm';
import type { PgListener } from '../database/pg-listener';
import { loadSessionUser, type SessionUser } from './session-user';

/** A trigger announces every change to a session user's rows here: the user's id, or '*' (migration 1763700002700). */
export const SESSION_USERS_CHANNEL = 'tenens_session_users';
/** More than the users active on one instance at a time; past it the oldest read goes first. */
const MAX_KEPT = 10_000;
/** Bounds what a lost announcement could cost, however unlikely while the connection is up. */
const MAX_AGE_MS = 60_000;

/**
 * The session users this instance has read, each kept until its rows change. Every authenticated
 * request used to read its user: a round trip to Postgres per request, most of them for the same
 * few people. Whoever changes the rows (a command, a projection, another instance, a script), the
 * trigger's announcement drops the entry. While the LISTEN connection is down nothing is kept or
 * served, and each (re)connection drops everything: what was announced meanwhile is lost.
 */
export class SessionUsers {
  private readonly kept = new Map<string, { user: SessionUser; at: number }>();
  /** Moves with every announcement: a read begun before one may hold what it announced, so it is not kept. */
  private changes = 0;

  constructor(
    private readonly db: DataSource,
    private readonly listener: PgListener,
  ) {
    listener.listen(SESSION_USERS_CHANNEL, (payload) => this.changed(payload));
  }

  /** The active user with their membership, or null when the account is gone or deactivated. */
  async load(userId: string): Promise<SessionUser | null> {
    const hit = this.listener.connected ? this.kept.get(userId) : undefined;
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.user;
    const before = this.changes;
    const user = await loadSessionUser(this.db, userId);
    if (user && this.listener.connected && this.changes === before) this.keep(user);
    return user;
  }

  private keep(user: SessionUser): void {
    this.kept.delete(user.id);
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    // Shared by every request of this user until it changes: nobody may edit it.
    this.kept.set(user.id, { user: deepFreeze(user), at: Date.now() });
  }

  private changed(payload: string | null): void {
    this.changes += 1;
    if (payload === null || payload === '*') this.kept.clear();
    else this.kept.delete(payload);
  }
}

function deepFreeze<T extends object>(value: T): T {
  for (const field of Object.values(value)) if (field && typeof field === 'object') deepFreeze(field);
  return Object.freeze(value);
}
