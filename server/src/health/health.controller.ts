import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswer } from '../http/openapi';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access';
import { EVENT_STORE, EventStore } from '../eventstore';
import { listStalls } from '../platform/read-models/stalls';
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

  /**
   * 200 with every dependency ok, 503 naming the one that is down (this instance cannot serve).
   * A read model stopped at an event it cannot apply makes the answer `degraded` and names it,
   * still with 200: every instance serves, but that read model shows nothing newer until an
   * operator retries or skips the event (`npm run read-models:repair`).
   */
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
    const up = [postgres, redis, event_store].every((check) => check === 'ok');
    const stalled = postgres === 'ok' ? await listStalls(this.dataSource) : [];
    const status = up && stalled.length === 0 ? 'ok' : 'degraded';
    const read_models = stalled.map((stall) => ({
      name: stall.name,
      stopped_at: { event_id: stall.event_id, event_type: stall.event_type, stream: stall.stream_id, position: stall.position },
      error: stall.error,
      since: stall.stalled_at,
    }));
    response
      .status(up ? 200 : 503)
      .json({ status, postgres, redis, event_store, ...(read_models.length ? { stalled_read_models: read_models } : {}) });
  }
}
