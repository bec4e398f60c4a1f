import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { closeRedis, createRedis } from '../../../server/src/redis/redis';
import { RealtimePublisher } from '../../../server/src/realtime/realtime-publisher';
import { rooms } from '../../../server/src/realtime/realtime.events';
import { startTestApp, TEST_REDIS_URL } from '../../support/app';

jest.setTimeout(60000);

/**
 * Socket.IO's adapter and emitter send their SUBSCRIBEs and PUBLISHes without a handler: an app
 * that closed its Redis connections while one was unanswered failed it as an unhandled
 * "Connection is closed" rejection (seen in CI, from an app closed right after it started).
 */
describe('closing the app', () => {
  it('right after it started and right after a push leaves nothing unanswered to fail', async () => {
    const rejections: unknown[] = [];
    const record = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', record);
    try {
      for (let i = 0; i < 3; i++) {
        const t = await startTestApp();
        t.app
          .get(RealtimePublisher)
          .publish({ room: rooms.posting(randomUUID()), event: 'posting.updated', payload: { id: randomUUID() } });
        await t.close();
      }
      // Rejections are reported once the closed sockets' events have run.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(rejections.map(String)).toEqual([]);
  });

  it('a push after its Redis connection closed is logged, not an unhandled rejection that would end the process', async () => {
    const rejections: unknown[] = [];
    const record = (reason: unknown) => rejections.push(reason);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    process.on('unhandledRejection', record);
    try {
      const redis = createRedis(TEST_REDIS_URL, { pipelined: true });
      const publisher = new RealtimePublisher(redis, `shutdown-${randomUUID()}-socket.io`);
      await closeRedis(redis);
      publisher.publish({ room: rooms.posting(randomUUID()), event: 'posting.updated', payload: { id: randomUUID() } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not push on shutdown-'));
    } finally {
      process.off('unhandledRejection', record);
      warn.mockRestore();
    }
    expect(rejections.map(String)).toEqual([]);
  });
});
