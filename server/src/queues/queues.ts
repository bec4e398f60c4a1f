import { Logger } from '@nestjs/common';
import { JobsOptions, Processor, Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { createRedis } from '../redis/redis';

/** The queues Tenens runs; their Redis names carry QUEUE_PREFIX so deployments can share a Redis. */
export const QUEUE_NAMES = ['mail', 'postings', 'billing', 'alerts'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobRequest {
  queue: QueueName;
  name: string;
  data: unknown;
  /** Unique per logical job: a replay with the same id is ignored by BullMQ. */
  jobId: string;
  delay?: number;
  /**
   * While a job with this id waits (at most `ttl` ms), an equal request is dropped: the waiting
   * job reads the state as it is when it runs, so it speaks for the requests folded into it.
   * `since` is when the job's cause happened (its event's time): no add of it came earlier.
   */
  deduplication?: { id: string; ttl: number; since: Date };
}

/** Redis' clock and ours may differ this much: a local hold ends this much before Redis' key. */
const CLOCK_MARGIN_MS = 1000;
/** Past this many held ids, the expired ones are swept out. */
const HELD_SWEEP_AT = 10_000;

/** Completed jobs are kept a while so a replayed event finds its job id and enqueues nothing. */
const KEEP_COMPLETED = { age: 30 * 24 * 3600, count: 100_000 };

export class Queues {
  private readonly logger = new Logger('Queues');
  private readonly producer: Redis;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];
  /**
   * Until when (ms since the epoch) a job we saw added holds each deduplication id in Redis. An
   * equal request before then is dropped here: Redis would drop it too, after a script run (a
   * live back-and-forth on a bid asks for its counter email on every move).
   */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    this.producer = createRedis(redisUrl, { failFast: true });
    this.producer.on('error', () => undefined);
  }

  queueName(queue: QueueName): string {
    return `${this.prefix}-${queue}`;
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(this.queueName(name), { connection: this.producer });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue(request: JobRequest): Promise<void> {
    await this.queue(request.queue).add(request.name, request.data, jobOptions(request));
  }

  /**
   * Several jobs, one round trip to Redis per queue (a reactor's whole pass). A request whose
   * deduplication id a job holds, in Redis or earlier in the same call, is not sent.
   */
  async enqueueAll(requests: readonly JobRequest[]): Promise<void> {
    const byQueue = new Map<QueueName, JobRequest[]>();
    const asked = new Set<string>();
    for (const request of requests) {
      const key = heldKey(request);
      if (key && (asked.has(key) || (this.held.get(key) ?? 0) > Date.now())) continue;
      if (key) asked.add(key);
      const jobs = byQueue.get(request.queue) ?? [];
      jobs.push(request);
      byQueue.set(request.queue, jobs);
    }
    for (const [queue, jobs] of byQueue) {
      const added = await this.queue(queue).addBulk(jobs.map((job) => ({ name: job.name, data: job.data, opts: jobOptions(job) })));
      added.forEach((job, index) => this.hold(jobs[index], job.id));
    }
  }

  /**
   * Remembers how long a request's job holds its deduplication id. Only a job of the request's
   * own id set the key (Redis answers another's id when it dropped the request), and it set it no
   * earlier than its cause, so the key lives at least until `since + ttl`.
   */
  private hold(request: JobRequest, addedId: string | undefined): void {
    const key = heldKey(request);
    if (!key || !request.deduplication || addedId !== request.jobId) return;
    if (this.held.size >= HELD_SWEEP_AT) this.sweepHeld();
    const until = request.deduplication.since.getTime() + request.deduplication.ttl - CLOCK_MARGIN_MS;
    if (until > Date.now()) this.held.set(key, until);
  }

  private sweepHeld(): void {
    const now = Date.now();
    for (const [key, until] of this.held) if (until <= now) this.held.delete(key);
  }

  /**
   * A recurring job (a BullMQ job scheduler) every `everyMs`, first at `firstAt`. Upserting the same
   * id again replaces it without an extra run, so every start and every change may call this.
   */
  async schedule(
    queue: QueueName,
    schedulerId: string,
    everyMs: number,
    firstAt: Date,
    job: { name: string; data: unknown },
  ): Promise<void> {
    await this.queue(queue).upsertJobScheduler(
      schedulerId,
      { every: everyMs, startDate: firstAt },
      {
        name: job.name,
        data: job.data,
        opts: {
          attempts: 8,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: KEEP_COMPLETED,
          removeOnFail: KEEP_COMPLETED,
        },
      },
    );
  }

  async unschedule(queue: QueueName, schedulerId: string): Promise<void> {
    await this.queue(queue).removeJobScheduler(schedulerId);
  }

  startWorker(name: QueueName, processor: Processor, concurrency = 4): Worker {
    const connection = createRedis(this.redisUrl);
    connection.on('error', () => undefined);
    this.workerConnections.push(connection);
    // Jobs a crashed worker held are locked until their lock runs out and the stalled check runs:
    // with BullMQ's 30 s defaults an email could wait a minute after a restart. A live worker
    // renews its locks every lockDuration / 2, so shorter values cost only a few Redis calls.
    const worker = new Worker(this.queueName(name), processor, { connection, concurrency, lockDuration: 10_000, stalledInterval: 5_000 });
    worker.on('failed', (job, error) => this.logger.warn(`Job ${job?.name} (${job?.id}) on ${name} failed: ${error.message}`));
    worker.on('error', (error) => this.logger.warn(`Worker ${name}: ${error.message}`));
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    for (const connection of this.workerConnections) connection.disconnect();
    this.producer.disconnect();
  }
}

/** Retried with backoff for about four minutes; the job id (from the event) makes a re-delivery a no-op. */
function jobOptions(request: JobRequest): JobsOptions {
  return {
    jobId: request.jobId,
    delay: request.delay && request.delay > 0 ? request.delay : undefined,
    deduplication: request.deduplication && { id: request.deduplication.id, ttl: request.deduplication.ttl },
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_COMPLETED,
  };
}

function heldKey(request: JobRequest): string | null {
  return request.deduplication ? `${request.queue}:${request.deduplication.id}` : null;
}
