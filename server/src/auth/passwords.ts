import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** False for a wrong password or an unreadable hash; never throws. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

let standIn: Promise<string> | null = null;

/**
 * A hash made like every account's (same algorithm and cost) of a random password nobody knows:
 * sign-in checks an unknown email against it, so that answer costs what a wrong password costs.
 */
export function unknownAccountHash(): Promise<string> {
  standIn ??= hashPassword(randomBytes(32).toString('base64url'));
  return standIn;
}
