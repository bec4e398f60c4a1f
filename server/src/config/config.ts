import { z } from 'zod';
import { DEFAULT_POSTING_MONTHLY_RATE } from '../domain/billing/billing-rules';

/**
 * The runtime contract's environment, validated once at start. A bad value stops the process
 * with a message naming the variable (see main.ts), never a stack trace.
 */
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const POOL_SIZE_MESSAGE = 'must be a whole number from 2 to 500';

const boolean = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => ['true', '1', 'yes'].includes(value));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/tenens'),
  /**
   * Connections in each of an instance's two Postgres pools (commands; queries and read models),
   * so an instance holds up to twice this plus one listener. Commands beyond it wait in the
   * process for a connection: where Postgres allows more, more of them run at once.
   */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: POOL_SIZE_MESSAGE })
    .int(POOL_SIZE_MESSAGE)
    .min(2, POOL_SIZE_MESSAGE)
    .max(500, POOL_SIZE_MESSAGE)
    .default(10),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, "-" and "_"')
    .default('tenens'),
  APP_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Tenens <no-reply@tenens.local>'),
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  JWT_LIFETIME: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 30m, 24h or 7d')
    .default('24h'),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Where the Stripe SDK sends its requests (a local stand-in for tests or self-hosting); default Stripe's API. */
  STRIPE_API_BASE: url(['http:', 'https:']).optional(),
  /** US dollars per month for one live posting. */
  POSTING_MONTHLY_RATE: z.coerce
    .number()
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(DEFAULT_POSTING_MONTHLY_RATE),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_URL: url(['esdb:', 'esdb+discover:', 'kurrentdb:']).optional(),
  /** all: API and workers in one process (default); api: HTTP and sockets only; worker: queues only. */
  RUN_MODE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_ID: z.string().default('dev'),
  /** How long a command's response may wait for the read models (read-your-writes). */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).default(3000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** How long a rejection email waits, so a facility's undo within it sends nothing. */
  REJECTION_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /**
   * How long a counter offer's email waits: sent only if the counter still waits on its
   * recipient then, naming the latest counter, so a live back-and-forth makes one email, not one per move.
   */
  COUNTER_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  TRUST_PROXY: boolean.default(false),
});

/**
 * Rules between variables, checked on the raw environment so they are reported together with
 * field problems (one restart should be enough to fix everything).
 */
function crossVariableProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.EVENT_STORE === 'eventstoredb' && !env.EVENTSTORE_URL) problems.push('EVENTSTORE_URL is required when EVENT_STORE=eventstoredb');
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) problems.push('JWT_SECRET is required in production');
  // Without a relay, verification and reset emails would never reach anyone in production.
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    problems.push('SMTP_URL is required in production (without it no verification or reset email is delivered)');
  }
  // Stripe's embedded checkout needs the publishable key, and renewals arrive only by webhook.
  for (const name of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
    if (env.STRIPE_SECRET_KEY && !env[name]) problems.push(`${name} is required when STRIPE_SECRET_KEY is set`);
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push(`${env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'} is missing: ADMIN_EMAIL and ADMIN_PASSWORD go together`);
  }
  return problems;
}

/** A value fit to print: never secrets, and never a URL, which may carry a password. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || /SECRET|PASSWORD|KEY|_URL$/.test(name)) return '';
  return ` (got "${value}")`;
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'APP_URL' | 'JWT_SECRET'> {
  APP_URL: string;
  JWT_SECRET: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError listing every bad variable by name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${issue.message}${shownValue(name, cleaned[name])}`;
    }),
    ...crossVariableProblems(cleaned as Record<string, string>),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const value = parsed.data!;
  return {
    ...value,
    APP_URL: (value.APP_URL ?? `http://localhost:${value.PORT || 3000}`).replace(/\/$/, ''),
    // A development default keeps `npm start` a one-liner; production refuses to start without one.
    JWT_SECRET: value.JWT_SECRET ?? 'tenens-development-secret-change-me',
  };
}

export const CONFIG = Symbol('CONFIG');
