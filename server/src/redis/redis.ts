import { Logger } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';

export function describeRedis(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 6379}`;
}

export class RedisUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `Cannot reach Redis at ${describeRedis(url)} (${(cause as Error).message}).\n` +
        '  Start Redis (for example `redis-server --daemonize yes`, or `docker compose up -d redis`)\n' +
        '  or point REDIS_URL at a running server, e.g. REDIS_URL=redis://host:6379',
    );
    this.name = 'RedisUnreachableError';
  }
}

/**
 * A connection for BullMQ and Socket.IO. `maxRetriesPerRequest: null` is what BullMQ needs so a
 * blocked worker survives a Redis restart; `failFast` connections (queue producers) refuse
 * commands while disconnected instead of queueing them, so callers can retry from a checkpoint.
 * `pipelined` connections send the commands issued in one tick of the event loop as one write
 * (ioredis's auto-pipelining, order kept): a command's pushes, four or so PUBLISHes, then cost one
 * system call instead of one each.
 */
export function createRedis(url: string, options: { failFast?: boolean; pipelined?: boolean } = {}): Redis {
  const extra: RedisOptions = {
    ...(options.failFast ? { enableOfflineQueue: false } : {}),
    ...(options.pipelined ? { enableAutoPipelining: true } : {}),
  };
  return new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...extra,
  });
}

/** How long a closing connection waits for the answers to what it has sent. */
const QUIT_TIMEOUT_MS = 2000;

/**
 * Closes a connection once Redis has answered everything sent on it: QUIT is answered after the
 * commands before it. Socket.IO's adapter and emitter send SUBSCRIBEs and PUBLISHes without a
 * handler of their own, so a plain disconnect while one is unanswered (an app closed right after
 * it started, or right after a push) would fail it as an unhandled "Connection is closed"
 * rejection. A Redis that does not answer within QUIT_TIMEOUT_MS is left at once.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_TIMEOUT_MS)));
  try {
    if (redis.status !== 'end') await Promise.race([redis.quit().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
    redis.disconnect();
  }
}

/**
 * Start-up check: Redis answers, and it does not evict keys (an evicted BullMQ key loses jobs).
 * Throws RedisUnreachableError with a message that says where we looked and what to do.
 */
export async function checkRedis(url: string, logger: Logger): Promise<void> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    const [, policy] = (await probe.config('GET', 'maxmemory-policy').catch(() => [])) as string[];
    if (policy && policy !== 'noeviction') {
      logger.warn(
        `Redis maxmemory-policy is "${policy}"; BullMQ needs "noeviction" or queued jobs may be lost ` +
          '(set it with `CONFIG SET maxmemory-policy noeviction`).',
      );
    }
  } catch (error) {
    throw new RedisUnreachableError(url, error);
  } finally {
    probe.disconnect();
  }
}
