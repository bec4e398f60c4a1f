import { ConfigError, loadConfig } from '../../../server/src/config/config';
import { redactUrl } from '../../../server/src/http/logging';

/** The ConfigError loadConfig throws for `env`; fails the test when it does not throw one. */
function problemsWith(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig: defaults of the runtime contract', () => {
  it('starts from an empty environment with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tenens',
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: 'tenens',
      EVENT_STORE: 'postgres',
      RUN_MODE: 'all',
      APP_URL: 'http://localhost:3000',
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(16);
    expect(config.POSTING_MONTHLY_RATE).toBe(199);
    expect(config.DATABASE_POOL_SIZE).toBe(10);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('derives APP_URL from PORT, and strips a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080' }).PORT).toBe(8080);
    expect(loadConfig({ APP_URL: 'https://tenens.example.com/' }).APP_URL).toBe('https://tenens.example.com');
  });

  it('treats an empty variable as unset (SMTP_URL="" means the development mailbox)', () => {
    const config = loadConfig({ SMTP_URL: '', PORT: '', DATABASE_URL: '' });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/tenens');
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-some-length',
      SMTP_URL: 'smtp://relay.example.com:587',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'correct horse battery',
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
    });
    expect(config.NODE_ENV).toBe('production');
    expect(config.JWT_SECRET).toBe('a-production-secret-of-some-length');
    expect(config.EVENT_STORE).toBe('eventstoredb');
  });
});

describe('loadConfig: a bad environment names the variable', () => {
  it.each([['abc'], ['70000'], ['-1'], ['80.5']])('PORT=%s', (port) => {
    const error = problemsWith({ PORT: port });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^PORT /);
    expect(error.problems[0]).toContain(`"${port}"`);
  });

  it('DATABASE_URL that is not a postgres URL', () => {
    const error = problemsWith({ DATABASE_URL: 'mysql://db.internal/tenens' });
    expect(error.problems).toEqual([expect.stringMatching(/^DATABASE_URL must be a URL starting with postgres:\/\//)]);
  });

  it('DATABASE_URL that is not a URL at all', () => {
    const error = problemsWith({ DATABASE_URL: 'localhost:5432' });
    expect(error.problems).toEqual([expect.stringMatching(/^DATABASE_URL /)]);
  });

  it('EVENT_STORE=eventstoredb without EVENTSTORE_URL', () => {
    const error = problemsWith({ EVENT_STORE: 'eventstoredb' });
    expect(error.problems).toEqual(['EVENTSTORE_URL is required when EVENT_STORE=eventstoredb']);
  });

  it('ADMIN_EMAIL without ADMIN_PASSWORD, and the other way round', () => {
    expect(problemsWith({ ADMIN_EMAIL: 'admin@example.com' }).problems).toEqual([
      expect.stringMatching(/^ADMIN_PASSWORD .*ADMIN_EMAIL and ADMIN_PASSWORD go together/),
    ]);
    expect(problemsWith({ ADMIN_PASSWORD: 'long enough password' }).problems).toEqual([
      expect.stringMatching(/^ADMIN_EMAIL .*go together/),
    ]);
  });

  it('production without JWT_SECRET', () => {
    expect(problemsWith({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example.com:587' }).problems).toEqual([
      'JWT_SECRET is required in production',
    ]);
  });

  it('production without SMTP_URL (an empty value counts as unset)', () => {
    for (const SMTP_URL of [undefined, '']) {
      expect(problemsWith({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-some-length', SMTP_URL }).problems).toEqual([
        'SMTP_URL is required in production (without it no verification or reset email is delivered)',
      ]);
    }
  });

  it('Stripe mode without its publishable key or webhook secret', () => {
    expect(problemsWith({ STRIPE_SECRET_KEY: 'sk_test_123' }).problems).toEqual([
      'STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set',
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    ]);
  });

  it('DATABASE_POOL_SIZE that is not a whole number from 2 to 500, with the value it got', () => {
    for (const value of ['1', '501', '2.5', 'ten']) {
      expect(problemsWith({ DATABASE_POOL_SIZE: value }).problems).toEqual([
        `DATABASE_POOL_SIZE must be a whole number from 2 to 500 (got "${value}")`,
      ]);
    }
    expect(loadConfig({ DATABASE_POOL_SIZE: '64' }).DATABASE_POOL_SIZE).toBe(64);
  });

  it('a posting rate below $1 and a Stripe API base that is not a URL', () => {
    const names = problemsWith({ POSTING_MONTHLY_RATE: '0', STRIPE_API_BASE: 'localhost:12111' }).problems.map((p) => p.split(' ')[0]);
    expect(names.sort()).toEqual(['POSTING_MONTHLY_RATE', 'STRIPE_API_BASE']);
  });

  it('lists every bad variable at once', () => {
    const error = problemsWith({ PORT: 'abc', QUEUE_PREFIX: 'has space', RUN_MODE: 'everything' });
    const names = error.problems.map((problem) => problem.split(' ')[0]).sort();
    expect(names).toEqual(['PORT', 'QUEUE_PREFIX', 'RUN_MODE']);
  });

  // loadConfig promises "ConfigError listing every bad variable by name": a person fixing PORT
  // should not then discover, one restart later, that production also needs JWT_SECRET.
  it('lists field problems and cross-variable rules together', () => {
    const error = problemsWith({ PORT: 'abc', NODE_ENV: 'production', EVENT_STORE: 'eventstoredb', SMTP_URL: 'smtp://relay.example.com' });
    const names = error.problems.map((problem) => problem.split(' ')[0]).sort();
    expect(names).toEqual(['EVENTSTORE_URL', 'JWT_SECRET', 'PORT']);
  });

  it('is a message for people: no stack-like lines in it', () => {
    const error = problemsWith({ PORT: 'abc' });
    expect(error.message).not.toMatch(/^\s+at /m);
    expect(error.name).toBe('ConfigError');
  });
});

describe('loadConfig: secrets are never echoed', () => {
  it.each([
    ['JWT_SECRET', { JWT_SECRET: 'tooshort-s3cr3t' }, 'tooshort-s3cr3t'],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'pw-x9z' }, 'pw-x9z'],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'rk_live_TOPSECRET123' }, 'TOPSECRET123'],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_WEBHOOK_SECRET: 'wh_TOPSECRET456' }, 'TOPSECRET456'],
  ])('%s', (name, env, secret) => {
    const error = problemsWith(env);
    expect(error.problems.some((problem) => problem.startsWith(`${name} `))).toBe(true);
    expect(error.message).not.toContain(secret);
  });

  // A mistyped connection string often still carries the real password; echoing the value
  // back would print that password into terminals and CI logs.
  it.each([
    ['DATABASE_URL', 'mysql://tenens:hunter2-db-pass@db.internal:5432/tenens', 'hunter2-db-pass'],
    ['DATABASE_URL', 'postgres://tenens:hunter2-db-pass@db.internal:99999/tenens', 'hunter2-db-pass'],
    ['REDIS_URL', 'http://:hunter2-redis-pass@cache.internal:6379', 'hunter2-redis-pass'],
    ['SMTP_URL', 'https://mailer:hunter2-smtp-pass@smtp.example.com', 'hunter2-smtp-pass'],
  ])('a bad %s keeps the password in it to itself', (name, value, secret) => {
    const error = problemsWith({ [name]: value });
    expect(error.problems).toEqual([expect.stringMatching(new RegExp(`^${name} `))]);
    expect(error.message).not.toContain(secret);
  });
});

describe('redactUrl (request logs)', () => {
  it('hides token and new_password query values and keeps the rest', () => {
    const redacted = redactUrl('/api/auth/reset-password?token=abc123secret&new_password=Hunter2!pass&lang=en');
    expect(redacted).not.toContain('abc123secret');
    expect(redacted).not.toContain('Hunter2');
    expect(redacted.startsWith('/api/auth/reset-password?')).toBe(true);
    const params = new URLSearchParams(redacted.split('?')[1]);
    expect(params.get('token')).toBe('[redacted]');
    expect(params.get('new_password')).toBe('[redacted]');
    expect(params.get('lang')).toBe('en');
  });

  it('hides them whatever their case or encoding of the name', () => {
    const redacted = redactUrl('/api/auth/verify-email?TOKEN=upper-secret&tok%65n=encoded-secret');
    expect(redacted).not.toContain('upper-secret');
    expect(redacted).not.toContain('encoded-secret');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/api/postings?page=2&state=CA')).toBe('/api/postings?page=2&state=CA');
  });
});
