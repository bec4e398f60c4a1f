import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import { Logger } from '@nestjs/common';
import { rooms, type Push } from './realtime.events';
import { redisMessages } from './redis-messages';

/**
 * The one way server code pushes to browsers. It publishes through Redis, so it works the same
 * from an API instance, a worker-only instance or a script, and reaches the sockets of every
 * instance. Delivery is at most once; clients refetch on reconnect.
 * Each push is checked against the shared event map where it is built (Push).
 */
export class RealtimePublisher {
  private readonly logger = new Logger('Realtime');
  private readonly emitter: Emitter;

  constructor(redis: Redis, key: string) {
    // The emitter sends its PUBLISHes without a handler: one Redis refuses (the connection closed
    // at shutdown under a push still on its way) would be an unhandled rejection, which ends the process.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        redis.publish(channel, message).catch((error: Error) => this.logger.warn(`Could not push on ${channel}: ${error.message}`)),
    };
    this.emitter = new Emitter(publisher, { key, parser: redisMessages });
  }

  publish(push: Push): void {
    try {
      this.emitter.to(push.room).emit(push.event, push.payload);
    } catch (error) {
      this.logger.warn(`Could not push ${push.event} to ${[push.room].flat().join(', ')}: ${(error as Error).message}`);
    }
  }

  /**
   * Closes every socket of this user, on every instance. Call it whenever the user's tokens stop
   * being valid (a password change or reset, a deactivation, a removal): a socket is only
   * authenticated when it connects, so it would otherwise keep receiving pushes. The client then
   * reconnects, and only a valid token gets back in.
   */
  endSessions(userId: string): void {
    try {
      this.emitter.in(rooms.user(userId)).disconnectSockets(true);
    } catch (error) {
      this.logger.warn(`Could not close the sockets of user ${userId}: ${(error as Error).message}`);
    }
  }
}

export const socketKey = (queuePrefix: string) => `${queuePrefix}-socket.io`;
