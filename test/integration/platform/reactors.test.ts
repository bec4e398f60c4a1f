import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Job } from 'bullmq';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../server/src/database/database';
import { comparePositions, EventStore, PostgresEventStore, Position } from '../../../server/src/eventstore';
import { readCheckpoint } from '../../../server/src/platform/read-models/checkpoints';
import { Queues } from '../../../server/src/queues/queues';
import { MailComposers } from '../../../server/src/mail/mail-composers';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { addedReactors } from '../../../server/src/background-work';
import { jobIdFor, reactTo, type Reactor } from '../../../server/src/platform/reactors/reactor';
import type { AnyEvent } from '../../../server/src/domain/shared/events';
import { ReactorRunner } from '../../../server/src/platform/reactors/reactor-runner';
import { startTestApp, TEST_REDIS_URL } from '../../support/app';
import { countingReads } from '../../support/counting-reads';
import { createTestDatabase, TestDatabase } from '../../support/database';

const SHARED_REDIS = TEST_REDIS_URL;

async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Rejects when `promise` neither resolves nor rejects within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A throw-away redis-server of our own, so the test can take it down and bring it back. */
class PrivateRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${this.port}:\n${output}`)), 10000);
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        if (/Ready to accept connections/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
    child.removeAllListeners('exit');
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** An outage, not a shutdown: the process dies without saying goodbye. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }
}

/** Every event of type ReactorThing becomes one 'mail' job whose id derives from the event id. */
const thingMailer: Reactor = {
  name: 'test-thing-mailer',
  follows: [
    reactTo<AnyEvent>('reactor', ['ReactorThing'], (event) => [
      { queue: 'mail', name: 'test.thing', data: { n: (event.data as { n: number }).n }, jobId: jobIdFor(event, 'thing-mail') },
    ]),
  ],
};
const CHECKPOINT = `reactor:${thingMailer.name}`;

describe('ReactorRunner turns events into BullMQ jobs', () => {
  let database: TestDatabase;
  let db: DataSource;
  let store: EventStore;
  let queues: Queues | null = null;
  let prefix: string;

  const thing = (n: number) => ({ id: randomUUID(), type: 'ReactorThing', data: { n } });
  const checkpoint = () => readCheckpoint(db, CHECKPOINT);

  /** Appends one event per n, each in its own stream, and returns the events as recorded. */
  async function appendThings(...ns: number[]): Promise<{ ids: string[]; last: Position }> {
    const events = ns.map(thing);
    let last = '';
    for (const event of events) last = (await store.append(`reactor-${randomUUID()}`, [event], 'no_stream')).position;
    return { ids: events.map((event) => event.id!), last };
  }

  /**
   * A Postgres reader only sees events below the oldest transaction running anywhere on the
   * server, so another test's transaction may hide a committed event for a moment.
   */
  const readable = (last: Position) =>
    waitUntil(
      async () => (await store.readAll({ after: undefined })).some((event) => event.position === last),
      10000,
      `${last} to be readable`,
    );

  const catchUpThrough = (runner: ReactorRunner, last: Position) =>
    waitUntil(
      async () => {
        await runner.catchUp();
        return comparePositions(await checkpoint(), last) >= 0;
      },
      10000,
      `the reactor to reach ${last}`,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.url, 4);
    store = new PostgresEventStore(database.url);
  });

  beforeEach(async () => {
    prefix = `r${randomBytes(4).toString('hex')}`;
    await db.query('DELETE FROM checkpoints WHERE name = $1', [CHECKPOINT]);
  });

  afterEach(async () => {
    if (queues) {
      await queues
        .queue('mail')
        .obliterate({ force: true })
        .catch(() => undefined);
      await queues.close();
      queues = null;
    }
  });

  afterAll(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('enqueues one job per event on the QUEUE_PREFIX-named queue, with the event-derived job id', async () => {
    queues = new Queues(SHARED_REDIS, prefix);
    const runner = new ReactorRunner(db, store, queues, [thingMailer]);
    const { ids, last } = await appendThings(1, 2, 3);
    await store.append(`other-${randomUUID()}`, [{ type: 'SomethingElse', data: {} }], 'no_stream');

    await catchUpThrough(runner, last);

    expect(queues.queueName('mail')).toBe(`${prefix}-mail`);
    const queue = queues.queue('mail');
    expect(queue.name).toBe(`${prefix}-mail`);
    expect(await queue.getJobCountByTypes('waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized')).toBe(3);
    const jobs = await Promise.all(ids.map((id) => queue.getJob(`thing-mail-${id}`)));
    expect(jobs.map((job) => [job?.name, job?.data])).toEqual([
      ['test.thing', { n: 1 }],
      ['test.thing', { n: 2 }],
      ['test.thing', { n: 3 }],
    ]);
    // The Redis keys carry the prefix too, so deployments (and test runs) can share one Redis.
    const redis = new Redis(SHARED_REDIS);
    try {
      expect(await redis.exists(`bull:${prefix}-mail:thing-mail-${ids[0]}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  it('replaying from a reset checkpoint enqueues nothing twice, waiting or already completed', async () => {
    queues = new Queues(SHARED_REDIS, prefix);
    const runner = new ReactorRunner(db, store, queues, [thingMailer]);
    const { last } = await appendThings(10, 11, 12, 13);
    await catchUpThrough(runner, last);
    const queue = queues.queue('mail');
    const total = () => queue.getJobCountByTypes('waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized');
    const countBefore = await total();
    expect(countBefore).toBeGreaterThanOrEqual(4);

    await db.query('DELETE FROM checkpoints WHERE name = $1', [CHECKPOINT]);
    await catchUpThrough(runner, last);
    expect(await total()).toBe(countBefore);

    // Completed jobs are remembered too: let a worker finish them all, then replay again.
    const processed: string[] = [];
    queues.startWorker('mail', async (job: Job) => {
      processed.push(job.id!);
    });
    await waitUntil(async () => (await queue.getJobCountByTypes('completed')) === countBefore, 10000, 'the worker to complete every job');
    await db.query('DELETE FROM checkpoints WHERE name = $1', [CHECKPOINT]);
    await catchUpThrough(runner, last);
    expect(await total()).toBe(countBefore);
    expect(await queue.getJobCountByTypes('waiting', 'delayed', 'prioritized')).toBe(0);
    expect(new Set(processed).size).toBe(processed.length);
  });

  it('a backlog longer than a batch is read once for all reactors, and each enqueues all of it', async () => {
    queues = new Queues(SHARED_REDIS, prefix);
    // A second reactor on the same events, new, so it starts at the log's beginning like the first.
    const thingCounter: Reactor = {
      name: `test-thing-counter-${prefix}`,
      follows: [
        reactTo<AnyEvent>('reactor', ['ReactorThing'], (event) => [
          { queue: 'mail', name: 'test.count', data: {}, jobId: jobIdFor(event, 'thing-count') },
        ]),
      ],
    };
    const events = Array.from({ length: 450 }, (_, n) => thing(n));
    const { position: last } = await store.append(`reactor-${randomUUID()}`, events, 'no_stream');
    const counting = countingReads(store);
    const runner = new ReactorRunner(db, counting.store, queues, [thingMailer, thingCounter]);

    await catchUpThrough(runner, last);

    const queue = queues.queue('mail');
    const jobs = await Promise.all(
      events.flatMap((event) => [queue.getJob(`thing-mail-${event.id}`), queue.getJob(`thing-count-${event.id}`)]),
    );
    expect(jobs.filter((job) => !job)).toHaveLength(0);
    // Every event of the log read once. When each reactor read on its own after a read cut at the
    // batch size, this was the first read plus the whole log once per reactor.
    expect(counting.eventsRead()).toBe((await store.readAll()).length);
  });

  describe('while Redis is down', () => {
    let redis: PrivateRedis;

    beforeEach(async () => {
      redis = new PrivateRedis(await freePort());
      await redis.start();
    });

    afterEach(async () => {
      // Close the queues while their Redis still answers, then take it away.
      if (queues) {
        await queues.close();
        queues = null;
      }
      await redis.stop();
    });

    it('catchUp fails without moving the checkpoint, and the events become jobs once Redis returns', async () => {
      queues = new Queues(redis.url, prefix);
      const runner = new ReactorRunner(db, store, queues, [thingMailer]);
      const before = await appendThings(1);
      await catchUpThrough(runner, before.last);
      expect(await queues.queue('mail').getJob(`thing-mail-${before.ids[0]}`)).toBeTruthy();
      const reached = await checkpoint();

      await redis.stop();
      const during = await appendThings(2, 3, 4);
      await readable(during.last);

      await expect(within(runner.catchUp(), 10000, 'catchUp with Redis down')).rejects.toThrow();
      expect(await checkpoint()).toBe(reached);

      await redis.start();
      // The producer connection reconnects by itself (with back-off); retry until Redis answers.
      await waitUntil(
        () =>
          runner.catchUp().then(
            () => true,
            () => false,
          ),
        15000,
        'catchUp to succeed after Redis returned',
      );
      expect(await checkpoint()).toBe(during.last);
      const queue = queues.queue('mail');
      const jobs = await Promise.all(during.ids.map((id) => queue.getJob(`thing-mail-${id}`)));
      expect(jobs.map((job) => job?.data)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
    });

    it('a started runner pauses during the outage and resumes by itself', async () => {
      queues = new Queues(redis.url, prefix);
      const runner = new ReactorRunner(db, store, queues, [thingMailer]);
      await redis.stop();
      const during = await appendThings(7, 8);
      runner.start();
      try {
        await readable(during.last);
        await redis.start();
        await waitUntil(async () => comparePositions(await checkpoint(), during.last) >= 0, 15000, 'the running reactor to catch up');
        const queue = queues.queue('mail');
        const jobs = await Promise.all(during.ids.map((id) => queue.getJob(`thing-mail-${id}`)));
        expect(jobs.map((job) => job?.data)).toEqual([{ n: 7 }, { n: 8 }]);
      } finally {
        await runner.stop();
      }
    });

    it('in the running app, a command succeeds while Redis is down and its job is enqueued when Redis returns', async () => {
      // Added for this app's life: the app takes the reactor list when it starts.
      addedReactors.push(thingMailer);
      const t = await startTestApp({ env: { REDIS_URL: redis.url } }).catch((error) => {
        addedReactors.splice(addedReactors.indexOf(thingMailer), 1);
        throw error;
      });
      try {
        t.app.get(MailComposers).register('test.thing', async () => null);
        await redis.stop();

        const event = thing(42);
        const started = Date.now();
        await t.app.get(CommandBus).append(`reactor-${randomUUID()}`, [event], 'no_stream', {});
        expect(Date.now() - started).toBeLessThan(2000);

        await redis.start();
        const queue = t.app.get(Queues).queue('mail');
        await waitUntil(
          async () => Boolean(await queue.getJob(`thing-mail-${event.id}`).catch(() => null)),
          15000,
          'the job to be enqueued',
        );
        expect((await queue.getJob(`thing-mail-${event.id}`))?.data).toEqual({ n: 42 });
        expect(queue.name).toBe(`${t.config.QUEUE_PREFIX}-mail`);
      } finally {
        // Close while Redis answers, so workers and queues shut down cleanly.
        if (!redis.running) await redis.start();
        await t.close();
        addedReactors.splice(addedReactors.indexOf(thingMailer), 1);
      }
    });
  });
});
