import { existsSync } from 'node:fs';
import zlib from 'node:zlib';
import { extname, resolve, sep } from 'node:path';
import compression from 'compression';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';

/** Hashed file names change with their content, so browsers may keep them for good. */
const IMMUTABLE = { maxAge: '1y', immutable: true } as const;

/** The build writes these beside every hashed asset worth compressing (client/vite.config.ts). */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The codings an Accept-Encoding header accepts (a `;q=0` refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

/**
 * /assets/*: the brotli or gzip file the build made, when the browser takes it, else the file as
 * it is; both kept a year (immutable). Compressed once at build time, never per request.
 */
export function serveAssets(directory: string): RequestHandler {
  const assets = resolve(directory, 'assets');
  const serveAsIs = express.static(assets, { index: false, ...IMMUTABLE });
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    response.vary('Accept-Encoding');
    const file = assetPath(assets, request.path);
    if (!file) return notFound(response);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const variant = PRECOMPRESSED.find(({ encoding, suffix }) => accepted.has(encoding) && existsSync(file + suffix));
    // A missing asset (a chunk of an older build) is a 404, never the page: a script must not get HTML.
    if (!variant) return serveAsIs(request, response, (error?: unknown) => (error ? next(error) : notFound(response)));
    // The type of the original file, not of '.br': send() keeps a Content-Type that is already set.
    response.type(extname(file));
    response.setHeader('Content-Encoding', variant.encoding);
    response.sendFile(file + variant.suffix, { ...IMMUTABLE, dotfiles: 'deny' }, (error) => {
      if (error && !response.headersSent) next(error);
    });
  };
}

function notFound(response: Response): void {
  response.status(404).json({ detail: 'Not Found' });
}

/** The file a request path names inside `assets`, or null for a path that leaves it or is not valid. */
function assetPath(assets: string, path: string): string | null {
  try {
    const file = resolve(assets, '.' + decodeURIComponent(path));
    return file.startsWith(assets + sep) ? file : null;
  } catch {
    return null;
  }
}

/**
 * How API answers are compressed, by compressApi() and where an answer is compressed once and
 * sent many times (encoded-json.ts). Small bodies are not worth it (1 kB). Answers are compressed
 * as they go, so at the fastest level (nginx's default too): level 6 was 14 % of a search's CPU.
 */
export const API_COMPRESSION = { threshold: 1024, level: zlib.constants.Z_BEST_SPEED };

/** Compresses API answers when the client asks. Socket.IO is outside /api and manages its own frames. */
export function compressApi(): RequestHandler {
  return compression(API_COMPRESSION);
}

/** Pages (index.html, rendered pages with their inline styles and data): small, so compressed well. */
export function compressPages(): RequestHandler {
  return compression({ threshold: 1024, level: zlib.constants.Z_DEFAULT_COMPRESSION });
}

/** Other files of the build (favicon): not hashed, so browsers check for a newer one each time. */
export function serveOtherFiles(directory: string): RequestHandler {
  return express.static(directory, {
    index: false,
    cacheControl: false,
    setHeaders: (response) => response.setHeader('Cache-Control', 'no-cache'),
  });
}
