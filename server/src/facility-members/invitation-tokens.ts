import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../database/returning';

/**
 * Invitation links. Only a SHA-256 of each token is stored, one live token per invitation:
 * issuing a new one (a re-send) or revoking drops the old, so an old link stops working.
 */
type Db = Pick<DataSource | EntityManager, 'query'>;

export interface InvitationTokenRow {
  invitation_id: string;
  facility_id: string;
  expires_at: Date;
  used_at: Date | null;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueInvitationToken(db: DataSource, invitationId: string, facilityId: string, expiresAt: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await dropInvitationTokens(tx, invitationId);
    await tx.query(`INSERT INTO facility_invitation_tokens (token_hash, invitation_id, facility_id, expires_at) VALUES ($1, $2, $3, $4)`, [
      digest(token),
      invitationId,
      facilityId,
      expiresAt,
    ]);
  });
  return token;
}

/**
 * Drops the invitation's links issued before `before` (all of them by default). A re-send passes
 * its own moment: the new email may already have gone out with a newer link, which must live.
 */
export async function dropInvitationTokens(db: Db, invitationId: string, before?: Date): Promise<void> {
  await db.query('DELETE FROM facility_invitation_tokens WHERE invitation_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2)', [
    invitationId,
    before ?? null,
  ]);
}

export async function findInvitationToken(db: Db, token: string): Promise<InvitationTokenRow | null> {
  const rows = await db.query(
    'SELECT invitation_id, facility_id, expires_at, used_at FROM facility_invitation_tokens WHERE token_hash = $1',
    [digest(token)],
  );
  return rows[0] ?? null;
}

/** Marks the token used; false when someone used it first (single use under concurrency). */
export async function useInvitationToken(db: Db, token: string): Promise<boolean> {
  const result = await db.query(
    'UPDATE facility_invitation_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING 1',
    [digest(token)],
  );
  return returnedRows(result).length > 0;
}

/** Undoes useInvitationToken when the registration it was for could not complete. */
export async function releaseInvitationToken(db: Db, token: string): Promise<void> {
  await db.query('UPDATE facility_invitation_tokens SET used_at = NULL WHERE token_hash = $1', [digest(token)]);
}
