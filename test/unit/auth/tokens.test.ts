import jwt from 'jsonwebtoken';
import { AccessTokens } from '../../../server/src/auth/tokens';

const SECRET = 'unit-secret-0123456789abcdef';
const user = { id: '3f0c5f7e-8b1a-4c7e-9d2a-0b6f1e2d3c4a', token_version: 2 };

describe('AccessTokens', () => {
  afterEach(() => jest.useRealTimers());

  it("answers a token's claims on every verification", () => {
    const tokens = new AccessTokens(SECRET, '1h');
    const token = tokens.sign(user);
    expect(tokens.verify(token)).toEqual({ sub: user.id, ver: 2 });
    expect(tokens.verify(token)).toEqual({ sub: user.id, ver: 2 });
  });

  it('refuses a token once it expires, though it was verified before', () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') });
    const tokens = new AccessTokens(SECRET, '60s');
    const token = tokens.sign(user);
    expect(tokens.verify(token)).not.toBeNull();
    jest.setSystemTime(new Date('2026-11-28T10:00:59Z'));
    expect(tokens.verify(token)).not.toBeNull();
    jest.setSystemTime(new Date('2026-11-28T10:01:00Z'));
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, altered, or without an expiry, however often asked', () => {
    const tokens = new AccessTokens(SECRET, '1h');
    const valid = tokens.sign(user);
    const [header, payload, signature] = valid.split('.');
    const otherClaims = Buffer.from(JSON.stringify({ ver: 9, sub: user.id, exp: 4102444800 })).toString('base64url');
    const forged = [
      new AccessTokens('another-secret-0123456789abcdef', '1h').sign(user),
      `${header}.${otherClaims}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}xx`,
      jwt.sign({ ver: 2 }, SECRET, { subject: user.id, algorithm: 'HS256' }),
    ];
    expect(tokens.verify(valid)).not.toBeNull();
    for (const token of forged) {
      expect(tokens.verify(token)).toBeNull();
      expect(tokens.verify(token)).toBeNull();
    }
  });
});
