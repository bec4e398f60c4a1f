import { ConflictException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { licenseTaken, npiTaken } from '../domain/accounts/messages';
import { isUniqueViolation } from './users.sql';

/**
 * NPIs and state licenses are unique across the platform. The claim is an ordinary table row
 * taken in the registering transaction, so two people racing for one number cannot both win.
 */
export const licenseKey = (state: string, number: string) => `${state.toUpperCase()}#${number.trim().toUpperCase()}`;

export async function isClaimed(db: Pick<EntityManager, 'query'>, kind: 'npi' | 'license', value: string, exceptOwner?: string) {
  const rows = await db.query('SELECT 1 FROM identifier_claims WHERE kind = $1 AND value = $2 AND owner_id IS DISTINCT FROM $3', [
    kind,
    value,
    exceptOwner ?? null,
  ]);
  return rows.length > 0;
}

/** Claims (or moves the owner's claim to) an NPI; 409 with the spec's message when taken. */
export async function claimNpi(tx: EntityManager, ownerId: string, npi: string | null | undefined): Promise<void> {
  await tx.query(`DELETE FROM identifier_claims WHERE kind = 'npi' AND owner_id = $1`, [ownerId]);
  if (!npi) return;
  await claim(tx, 'npi', npi, ownerId, npiTaken(npi));
}

export async function claimLicense(
  tx: EntityManager,
  ownerId: string,
  state: string | null | undefined,
  number: string | null | undefined,
) {
  await tx.query(`DELETE FROM identifier_claims WHERE kind = 'license' AND owner_id = $1`, [ownerId]);
  if (!state || !number) return;
  await claim(tx, 'license', licenseKey(state, number), ownerId, licenseTaken(state.toUpperCase(), number.trim()));
}

async function claim(tx: EntityManager, kind: string, value: string, ownerId: string, takenMessage: string): Promise<void> {
  await tx.query('SAVEPOINT claim');
  try {
    await tx.query('INSERT INTO identifier_claims (kind, value, owner_id) VALUES ($1, $2, $3)', [kind, value, ownerId]);
    await tx.query('RELEASE SAVEPOINT claim');
  } catch (error) {
    await tx.query('ROLLBACK TO SAVEPOINT claim');
    if (isUniqueViolation(error)) throw new ConflictException(takenMessage);
    throw error;
  }
}
