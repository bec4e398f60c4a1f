import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { EVENT_STORE, EventStore } from '../../eventstore';
import { listStalls } from '../../platform/read-models/stalls';
import { PUBLISHER_REDIS } from '../../platform/tokens';

const check = z.enum(['ok', 'down']);
type Check = z.infer<typeof check>;

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), postgres: check, redis: check, event_store: check });

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

/** Whether this instance's dependencies answer, and which read models have stopped. */
@Injectable()
export class HealthQueries {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PUBLISHER_REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /**
   * `up` when every dependency is ok (else the instance cannot serve). A read model stopped at an
   * event it cannot apply makes the status `degraded` and is named, while `up` stays true.
   */
  async check() {
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
    return {
      up,
      answer: { status, postgres, redis, event_store, ...(read_models.length ? { stalled_read_models: read_models } : {}) },
    };
  }
}
