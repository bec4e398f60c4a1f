import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { redisMessages } from './redis-messages';

/** Socket.IO with the Redis adapter, so every instance's sockets receive every instance's pushes. */
export class RedisIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly key: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    server.adapter(createAdapter(this.pub, this.sub, { key: this.key, parser: redisMessages }));
    return server;
  }
}
