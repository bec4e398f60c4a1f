import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import express, { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type Redis from 'ioredis';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { AppModule } from './app.module';
import { AppShutdown } from './platform/app-shutdown';
import { answerBodyErrors } from './http/body-errors';
import { answerClientErrors } from './http/client-errors';
import { createLogger, nestLogger, requestLogging } from './http/logging';
import { compressApi, compressPages, serveAssets, serveOtherFiles } from './http/client-files';
import { ServerRendering } from './http/server-rendering';
import { refuseUnstorableText } from './http/storable-text';
import type { Config } from './config/config';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { socketKey } from './realtime/realtime-publisher';
import { checkRedis, closeRedis, createRedis } from './redis/redis';
import { openDatabase } from './database/database';
import { Logger as NestLogger } from '@nestjs/common';

/**
 * Helmet's policy plus what Stripe's embedded checkout needs in Stripe mode: its script
 * (js.stripe.com), its frames and its API calls. Everything else stays same-origin. `nonce` is
 * the page's own script source.
 */
const cspDirectives = (nonce: string | typeof cspNonce) => ({
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
  // A rendered page's one inline script carries this response's nonce (http/server-rendering.ts).
  'script-src': ["'self'", nonce, 'https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  'connect-src': ["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com', 'https://*.stripe.com'],
});

/** A fresh nonce per page, kept in res.locals for the page that uses it. */
function cspNonce(_request: IncomingMessage, response: ServerResponse): string {
  const locals = (response as Response).locals;
  locals.cspNonce ??= randomBytes(16).toString('base64');
  return `'nonce-${locals.cspNonce}'`;
}

/**
 * Helmet's headers. An API answer runs no script and needs no nonce: its policy has 'self' in
 * the nonce's place, a constant that helmet joins once, where a function in the policy has it
 * build and check the whole header for every request (with the random bytes, a measurable share
 * of a cached search's CPU).
 */
function securityHeaders() {
  const api = helmet({ contentSecurityPolicy: { directives: cspDirectives("'self'") } });
  const pages = helmet({ contentSecurityPolicy: { directives: cspDirectives(cspNonce) } });
  return (request: Request, response: Response, next: NextFunction) =>
    (request.url.startsWith('/api/') ? api : pages)(request, response, next);
}

/** The built client: CLIENT_DIR, dist/client next to the compiled server, or the repo's dist/client. */
export function clientDirectory(): string | null {
  const candidates = [
    ...(process.env.CLIENT_DIR ? [resolve(process.env.CLIENT_DIR)] : []),
    resolve(__dirname, '../../client'),
    resolve(__dirname, '../../dist/client'),
    resolve(process.cwd(), 'dist/client'),
  ];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** Builds the whole application (API, sockets, client) without listening; tests use it too. */
export async function createApp(config: Config): Promise<NestExpressApplication> {
  // Checked before Nest starts, so an unreachable Postgres or Redis is one plain message.
  const dataSource = await openDatabase(config.DATABASE_URL);
  try {
    await checkRedis(config.REDIS_URL, new NestLogger('Startup'));
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, dataSource), {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false,
  });
  const logger = createLogger(config);
  app.useLogger(nestLogger(logger));
  app.enableShutdownHooks();
  if (config.TRUST_PROXY) app.set('trust proxy', true);
  app.disable('x-powered-by');
  answerClientErrors(app.getHttpServer());
  app.use(requestLogging(logger));
  app.use(securityHeaders());
  // Stripe signs the webhook's exact bytes: that one path keeps its body raw (express.json then skips it).
  app.use('/api/billing/webhook', express.raw({ type: '*/*', limit: '256kb' }));
  app.use(
    '/api',
    compressApi(),
    express.json({ limit: '256kb' }),
    express.urlencoded({ extended: false, limit: '64kb' }),
    answerBodyErrors,
    refuseUnstorableText,
  );
  app.setGlobalPrefix('api');
  setupOpenApi(app, config);
  serveClient(app);
  if (config.RUN_MODE !== 'worker') app.useWebSocketAdapter(socketAdapter(app, config));
  return app;
}

function setupOpenApi(app: NestExpressApplication, config: Config): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Tenens API')
      .setDescription('Marketplace for temporary anesthesia staffing. Errors: {"detail": "..."}; 422 lists field errors.')
      .setVersion(config.BUILD_ID)
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, idsAsUuids(cleanupOpenApiDoc(document)), { jsonDocumentUrl: 'api/docs/openapi.json' });
}

/** Every `{id}` in a path names a record by its UUID (anything else answers 404). */
function idsAsUuids(document: OpenAPIObject): OpenAPIObject {
  for (const operations of Object.values(document.paths)) {
    for (const operation of [operations.get, operations.put, operations.post, operations.delete, operations.patch]) {
      for (const parameter of operation?.parameters ?? []) {
        if ('in' in parameter && parameter.in === 'path' && parameter.name === 'id') parameter.schema = { type: 'string', format: 'uuid' };
      }
    }
  }
  return document;
}

/** Every path outside /api and /socket.io gets the built client (history fallback). */
function serveClient(app: NestExpressApplication): void {
  const directory = clientDirectory();
  if (!directory) return;
  // Source maps would publish the client's source: never served, even if a build left some.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!request.path.endsWith('.map')) return next();
    response.status(404).json({ detail: 'Not Found' });
  });
  app.use('/assets', serveAssets(directory));
  // Not for the API: looking for a file named like every API path was 6 % of a search's CPU.
  const otherFiles = serveOtherFiles(directory);
  app.use((request: Request, response: Response, next: NextFunction) =>
    isClientPath(request.path) ? otherFiles(request, response, next) : next(),
  );
  const rendering = ServerRendering.load(directory);
  const isPage = (request: Request) => request.method === 'GET' && isClientPath(request.path);
  const compress = compressPages();
  app.use((request: Request, response: Response, next: NextFunction) => (isPage(request) ? compress(request, response, next) : next()));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!isPage(request)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    const plain = () => response.sendFile(join(directory, 'index.html'));
    if (!rendering) return plain();
    const nonce = String(response.locals.cspNonce ?? '');
    void rendering.page(request, nonce).then((document) => (document ? response.type('html').send(document) : plain()));
  });
}

/** Paths the client owns: everything outside /api and /socket.io. */
function isClientPath(path: string): boolean {
  return !/^\/(api|socket\.io)(\/|$)/.test(path);
}

function socketAdapter(app: NestExpressApplication, config: Config): RedisIoAdapter {
  const pub: Redis = createRedis(config.REDIS_URL);
  const sub: Redis = pub.duplicate();
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  app.get(AppShutdown).add(() => Promise.all([closeRedis(pub), closeRedis(sub)]));
  return new RedisIoAdapter(app, pub, sub, socketKey(config.QUEUE_PREFIX));
}
