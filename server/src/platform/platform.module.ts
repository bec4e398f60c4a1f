import { DynamicModule, Global, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AccessTokens } from '../auth/tokens';
import { Authenticator } from '../auth/authenticator';
import { Config, CONFIG } from '../config/config';
import { createEventStore, EVENT_STORE, EventStore } from '../eventstore';
import { MailComposers } from '../mail/mail-composers';
import { Mailer } from '../mail/mailer';
import { ProjectionRunner } from './read-models/projection-runner';
import { Queues } from '../queues/queues';
import type { Projection } from './read-models/projection';
import type { Reactor } from './reactors/reactor';
import { ReactorRunner } from './reactors/reactor-runner';
import { RealtimePublisher, socketKey } from '../realtime/realtime-publisher';
import { createRedis } from '../redis/redis';
import { CommandBus } from './command-bus';
import { PlatformLifecycle } from './platform-lifecycle';
import { PG_LISTENER, PUBLISHER_REDIS } from './tokens';
import { PgListener } from '../database/pg-listener';

/**
 * The shared machinery every feature uses: Postgres, the event store, projections, reactors,
 * queues, mail and realtime publishing. Features only add domain code on top.
 */
@Global()
@Module({})
export class PlatformModule {
  /**
   * `dataSource` is opened (and Redis checked) before Nest starts: see createApp. The read models
   * and reactors come from the app, so the platform imports no feature.
   */
  static forRoot(config: Config, dataSource: DataSource, work: { projections: Projection[]; reactors: Reactor[] }): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: DataSource, useValue: dataSource },
        { provide: PG_LISTENER, useFactory: () => new PgListener(config.DATABASE_URL), inject: [DataSource] },
        {
          provide: EVENT_STORE,
          useFactory: (listener: PgListener) => createEventStore(config, listener),
          inject: [PG_LISTENER],
        },
        { provide: Queues, useFactory: () => new Queues(config.REDIS_URL, config.QUEUE_PREFIX), inject: [DataSource] },
        {
          provide: PUBLISHER_REDIS,
          useFactory: () => {
            // Pushes are fire-and-forget PUBLISHes, several per command in one tick: one write for them.
            const redis = createRedis(config.REDIS_URL, { pipelined: true });
            redis.on('error', () => undefined);
            return redis;
          },
          inject: [DataSource],
        },
        {
          provide: RealtimePublisher,
          useFactory: (redis: Redis) => new RealtimePublisher(redis, socketKey(config.QUEUE_PREFIX)),
          inject: [PUBLISHER_REDIS],
        },
        {
          provide: ProjectionRunner,
          useFactory: (db: DataSource, events: EventStore, publisher: RealtimePublisher, listener: PgListener) =>
            new ProjectionRunner(db, events, work.projections, publisher, listener),
          inject: [DataSource, EVENT_STORE, RealtimePublisher, PG_LISTENER],
        },
        {
          provide: ReactorRunner,
          useFactory: (db: DataSource, events: EventStore, queues: Queues) => new ReactorRunner(db, events, queues, work.reactors),
          inject: [DataSource, EVENT_STORE, Queues],
        },
        { provide: Mailer, useFactory: (db: DataSource) => new Mailer(db, config.SMTP_URL, config.MAIL_FROM), inject: [DataSource] },
        MailComposers,
        { provide: AccessTokens, useValue: new AccessTokens(config.JWT_SECRET, config.JWT_LIFETIME) },
        {
          provide: Authenticator,
          useFactory: (db: DataSource, tokens: AccessTokens) => new Authenticator(db, tokens),
          inject: [DataSource, AccessTokens],
        },
        CommandBus,
        PlatformLifecycle,
      ],
      exports: [
        CONFIG,
        DataSource,
        EVENT_STORE,
        Queues,
        PUBLISHER_REDIS,
        PG_LISTENER,
        RealtimePublisher,
        ProjectionRunner,
        ReactorRunner,
        Mailer,
        MailComposers,
        AccessTokens,
        Authenticator,
        CommandBus,
      ],
    };
  }
}
