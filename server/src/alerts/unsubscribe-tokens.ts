import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config } from '../config/config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One-click unsubscribe tokens for job alert emails: the applicant's id signed with the server's
 * secret (HMAC-SHA256), so the link works without signing in, for as long as the email is kept,
 * and cannot be made up for someone else. Nothing is stored: unsubscribing twice is harmless.
 */
@Injectable()
export class UnsubscribeTokens {
  constructor(@Inject(CONFIG) private readonly config: Pick<Config, 'JWT_SECRET'>) {}

  sign(applicantId: string): string {
    return `${applicantId}.${this.mac(applicantId)}`;
  }

  /** The applicant the token was made for, or null for anything else. */
  verify(token: string): string | null {
    const [applicantId, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !applicantId || !mac || !UUID.test(applicantId)) return null;
    const expected = Buffer.from(this.mac(applicantId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? applicantId : null;
  }

  private mac(applicantId: string): string {
    return createHmac('sha256', this.config.JWT_SECRET).update(`job-alerts:${applicantId}`).digest('base64url');
  }
}
