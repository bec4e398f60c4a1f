import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_COMPRESSION } from './compression';

/** Source maps would publish the client's source: never served, even if a build left some. */
const isSourceMap = (path: string) => path.endsWith('.map');

/** Paths the client owns: everything outside /api and /socket.io (in any case: /API/x is no page either). */
function isClientPath(path: string): boolean {
  return !/^\/(api|socket\.io)(\/|$)/i.test(path);
}

/** How a page is made for a request: the server-rendered document, or null for the plain client. */
export type RenderPage = (request: IncomingMessage, reply: FastifyReply) => Promise<string | null>;

/**
 * The built client on every path outside /api and /socket.io:
 * - /assets/*: hashed files, kept a year (immutable), as the brotli or gzip file the build made
 *   when the browser takes it (compressed once at build time, never per request); a missing
 *   asset (a chunk of an older build) is a 404, never the page: a script must not get HTML.
 * - the build's other files (favicon, index.html): not hashed, so checked each time (no-cache).
 * - any other GET: the page (history fallback), server-rendered where `render` makes one.
 */
export async function serveClient(fastify: FastifyInstance, directory: string, render: RenderPage): Promise<void> {
  await fastify.register(fastifyStatic, {
    root: join(directory, 'assets'),
    prefix: '/assets/',
    index: false,
    preCompressed: true,
    maxAge: '1y',
    immutable: true,
    allowedPath: (path) => !isSourceMap(path),
  });
  // Listed once: looking for a file named like every path would cost each page request a stat.
  const files = new Set(
    readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !isSourceMap(entry.name))
      .map((entry) => `/${entry.name}`),
  );
  const index = readFileSync(join(directory, 'index.html'));
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    compress: PAGE_COMPRESSION,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0];
      if (!isClientPath(path) || isSourceMap(path)) return reply.callNotFound();
      void reply.header('Cache-Control', 'no-cache');
      if (files.has(path)) return reply.sendFile(path.slice(1), directory, { cacheControl: false });
      const document = await render(request.raw, reply);
      // A rendered page is laid out for a phone or not by the user agent (http/server-rendering.ts).
      if (document) void reply.header('Vary', 'User-Agent');
      return reply.type('text/html; charset=utf-8').send(document ?? index);
    },
  });
}
