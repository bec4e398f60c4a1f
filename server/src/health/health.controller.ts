import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswer } from '../http/openapi';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access';
import { EVENT_STORE, EventStore } from '../eventstore';
import { PUBLISHER_REDIS } from '../platform/tokens';

const check = z.enum(['ok', 'down']);
type Check = z.infer<typeof check>;

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), postgres: check, redis: check, event_store: check });

async function probe(work: () => Promise<unknown>, timeoutMs = 2000): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)));
  try {
    await Promise.race([work(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PUBLISHER_REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** 200 with every dependency ok, 503 naming the one that is down. */
  @Public()
  @Get()
  @ApiAnswer(healthSchema, { description: 'Every dependency ok' })
  @ApiAnswer(healthSchema, { status: 503, description: 'A dependency is down' })
  async health(@Res() response: Response) {
    const [postgres, redis, event_store] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
      probe(() => this.events.readAll({ limit: 1 })),
    ]);
    const status = [postgres, redis, event_store].every((check) => check === 'ok') ? 'ok' : 'degraded';
    response.status(status === 'ok' ? 200 : 503).json({ status, postgres, redis, event_store });
  }
}
