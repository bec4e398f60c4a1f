import type { IncomingMessage } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
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

export function loggerOptions(config: Config): Params {
  const pretty = config.NODE_ENV === 'development' && prettyAvailable() && process.stdout.isTTY;
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      transport: pretty ? { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } : undefined,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, url: redactUrl(req.url ?? '') }),
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
    },
    // Nest 11's path syntax; the default '*' makes Nest print a legacy-route warning at start.
    forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
  };
}
