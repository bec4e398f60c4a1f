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
   */
  deduplication?: { id: string; ttl: number };
}

/** Completed jobs are kept a while so a replayed event finds its job id and enqueues nothing. */
const KEEP_COMPLETED = { age: 30 * 24 * 3600, count: 100_000 };

export class Queues {
  private readonly logger = new Logger('Queues');
  private readonly producer: Redis;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];

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

  /** Several jobs, one round trip to Redis per queue (a reactor's whole pass). */
  async enqueueAll(requests: readonly JobRequest[]): Promise<void> {
    const byQueue = new Map<QueueName, JobRequest[]>();
    for (const request of requests) byQueue.set(request.queue, [...(byQueue.get(request.queue) ?? []), request]);
    for (const [queue, jobs] of byQueue) {
      await this.queue(queue).addBulk(jobs.map((job) => ({ name: job.name, data: job.data, opts: jobOptions(job) })));
    }
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
    deduplication: request.deduplication,
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_COMPLETED,
  };
}
