import { randomBytes } from 'node:crypto';
import { PasswordPool, type Argon2Params } from './password-pool';

/** OWASP's argon2id recommendation: 19 MiB, two passes, one lane. */
export const ARGON2_PARAMS: Argon2Params = { memorySize: 19_456, iterations: 2, parallelism: 1 };

const pool = new PasswordPool();

export async function hashPassword(password: string): Promise<string> {
  return (await pool.run({ op: 'hash', password, params: ARGON2_PARAMS })) as string;
}

/**
 * False for a wrong password or an unreadable hash; never throws. Hashes keep their own
 * parameters, so those made with other settings (before OWASP's) still verify.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return false;
  return pool.run({ op: 'verify', password, hash }).then(
    (right) => right === true,
    () => false,
  );
}

/**
 * A hash weaker than ARGON2_PARAMS (less memory or fewer passes, or not argon2id): sign-in
 * replaces it once the password is known. Stronger ones are kept as they are.
 */
export function needsRehash(hash: string): boolean {
  const match = /^\$argon2id\$v=19\$([^$]+)\$/.exec(hash);
  if (!match) return true;
  const params = Object.fromEntries(match[1].split(',').map((pair) => pair.split('=') as [string, string]));
  return Number(params.m) < ARGON2_PARAMS.memorySize || Number(params.t) < ARGON2_PARAMS.iterations;
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
