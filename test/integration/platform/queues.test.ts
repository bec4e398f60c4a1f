import { randomBytes, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Queues, type JobRequest } from '../../../server/src/queues/queues';
import { TEST_REDIS_URL } from '../../support/app';

/**
 * Deduplicated jobs (a bid's counter email, held while a back-and-forth goes on): a request whose
 * id a job holds is dropped, and a request this instance knows Redis would drop is not sent.
 */
describe('Queues: deduplicated jobs', () => {
  let prefix: string;
  let opened: Queues[] = [];
  let redis: Redis;

  beforeEach(() => {
    prefix = `test-dedup-${randomBytes(4).toString('hex')}`;
    redis = new Redis(TEST_REDIS_URL);
  });

  afterEach(async () => {
    for (const each of opened) {
      await each
        .queue('mail')
        .obliterate({ force: true })
        .catch(() => undefined);
      await each.close();
    }
    opened = [];
    redis.disconnect();
  });

  function instance(): Queues {
    const made = new Queues(TEST_REDIS_URL, prefix);
    opened.push(made);
    return made;
  }

  function counterMail(ttl: number, since = new Date()): JobRequest {
    return {
      queue: 'mail',
      name: 'test.counter',
      data: {},
      jobId: `counter-${randomUUID()}`,
      delay: ttl,
      deduplication: { id: 'bid-1', ttl, since },
    };
  }

  /** The adds Redis dropped as duplicates, from the queue's event stream. */
  async function droppedByRedis(): Promise<number> {
    const entries = await redis.xrange(`bull:${prefix}-mail:events`, '-', '+');
    return entries.filter(([, fields]) => fields[1] === 'deduplicated').length;
  }

  const jobs = (on: Queues) => on.queue('mail').getJobCountByTypes('waiting', 'delayed', 'active', 'completed', 'failed');

  it('sends a request held by a job it added no more while the hold lasts, in the same call or later', async () => {
    const queues = instance();
    await queues.enqueueAll([counterMail(60_000), counterMail(60_000)]);
    await queues.enqueueAll([counterMail(60_000)]);
    await queues.enqueueAll([counterMail(60_000)]);

    expect(await jobs(queues)).toBe(1);
    expect(await droppedByRedis()).toBe(0);
  });

  it('sends again once the hold ends, and Redis, whose key lives longer, still drops it', async () => {
    const queues = instance();
    // Held until since + ttl - 1 s: 300 ms from now; Redis keeps the key 1.3 s.
    await queues.enqueueAll([counterMail(1300)]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await queues.enqueueAll([counterMail(1300)]);

    expect(await jobs(queues)).toBe(1);
    expect(await droppedByRedis()).toBe(1);
  });

  it('holds nothing for a request Redis dropped: the key it saw may end before its own would', async () => {
    const first = instance();
    const second = instance();
    await first.enqueueAll([counterMail(1500)]);
    await second.enqueueAll([counterMail(60_000)]);
    expect(await droppedByRedis()).toBe(1);

    // The first job's key ends after 1.5 s; the second instance asks again and gets a new job.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    await second.enqueueAll([counterMail(60_000)]);
    expect(await jobs(second)).toBe(2);
  });

  it('holds from the cause, not from the add: a late add of an old event holds only what is left', async () => {
    const queues = instance();
    // The event happened 59.5 s ago: its job's key lives 60 s from the add, the hold 0 s from now.
    await queues.enqueueAll([counterMail(60_000, new Date(Date.now() - 59_500))]);
    await queues.enqueueAll([counterMail(60_000)]);

    expect(await jobs(queues)).toBe(1);
    expect(await droppedByRedis()).toBe(1);
  });
});
