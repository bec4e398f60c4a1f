import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from '../config/config';

/** Query parameters that carry secrets (the spec passes reset passwords in the query string). */
const SECRET_PARAMS = /^(token|new_password|password|current_password|invite)$/i;

export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

function prettyAvailable(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * The process's logger: request logs (pino-http) and Nest's own messages go through it.
 * nestjs-pino's LoggerModule is not used: its middleware runs every request inside an
 * AsyncLocalStorage, which on Node 20 installs promise hooks for the whole process and cost
 * about 8 % of a bid command's CPU. Messages logged during a request therefore carry no request
 * id; the request's own log line (with its id) still does.
 */
export function createLogger(config: Config): pino.Logger {
  const pretty = config.NODE_ENV === 'development' && prettyAvailable() && process.stdout.isTTY;
  return pino({
    level: config.LOG_LEVEL,
    transport: pretty ? { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } : undefined,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  });
}

/** One line per request (not /api/health), its secrets redacted: an onRequest hook. */
export function requestLogging(logger: pino.Logger) {
  const log = pinoHttp({
    logger,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, url: redactUrl(req.url ?? '') }),
    },
    autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
  });
  // An onRequest hook on Node's own request and response: pino-http logs when the response finishes.
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    log(request.raw, reply.raw);
    done();
  };
}

/** Nest's logger interface over pino (nestjs-pino's adapter, outside its module). */
export function nestLogger(logger: pino.Logger): LoggerService {
  return new Logger(new PinoLogger({ pinoHttp: { logger } }), {});
}
