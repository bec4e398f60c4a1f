import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { requestLogging } from '../../../server/src/http/logging';

/** A server logging its requests at info into `lines`. */
function loggedServer(lines: Record<string, unknown>[]): FastifyInstance {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const server = Fastify();
  server.addHook('onRequest', requestLogging(pino({ level: 'info' }, stream)));
  server.get('/api/auth/verify-email', async () => ({ ok: true }));
  server.get('/api/health', async () => ({ status: 'ok' }));
  return server;
}

describe('request logging', () => {
  it('logs one line per request with its method, status and URL, secrets in the query redacted', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = loggedServer(lines);
    await server.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=s3cret&next=%2Fdashboard',
      headers: { cookie: 'refresh=abc' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/auth/verify-email?token=%5Bredacted%5D&next=%2Fdashboard' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/s3cret|refresh=abc/);
    await server.close();
  });

  it('leaves the health check out', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = loggedServer(lines);
    await server.inject({ method: 'GET', url: '/api/health' });
    expect(lines).toEqual([]);
    await server.close();
  });
});
