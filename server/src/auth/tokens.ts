import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

interface TokenClaims {
  sub: string;
  /** The user's token_version when signed; changing the password bumps it, ending old tokens. */
  ver: number;
}

/** More than the tokens in use on one instance at a time; past it the oldest verified goes first. */
const MAX_VERIFIED = 10_000;

export class AccessTokens {
  /**
   * Tokens already verified, with their claims and expiry: a token is an immutable string, so
   * checking its signature once is enough, and every request of a session carries the same one.
   */
  private readonly verified = new Map<string, TokenClaims & { exp: number }>();

  /**
   * Made once: given the secret as a string, jsonwebtoken first tries it as a public key on every
   * call and fails (about a millisecond of CPU per request, the most of any step of a command).
   */
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly lifetime: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(user: { id: string; token_version: number }): string {
    return jwt.sign({ ver: user.token_version }, this.key, {
      subject: user.id,
      expiresIn: this.lifetime as jwt.SignOptions['expiresIn'],
      algorithm: 'HS256',
    });
  }

  /** The claims of a valid, unexpired token, or null. */
  verify(token: string): TokenClaims | null {
    const known = this.verified.get(token);
    // Expired as jsonwebtoken has it: from the second `exp` names on.
    if (known) return Date.now() / 1000 < known.exp ? { sub: known.sub, ver: known.ver } : null;
    const claims = this.check(token);
    if (!claims) return null;
    if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return { sub: claims.sub, ver: claims.ver };
  }

  private check(token: string): (TokenClaims & { exp: number }) | null {
    try {
      const claims = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      // Every token we sign expires; one without `exp` was not made here and would never end.
      if (typeof claims.exp !== 'number') return null;
      if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number') return null;
      return { sub: claims.sub, ver: claims.ver, exp: claims.exp };
    } catch {
      return null;
    }
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}
