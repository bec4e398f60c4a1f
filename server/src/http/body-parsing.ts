import { parse as parseQueryString } from 'node:querystring';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { HttpException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A JSON body (every write of the API, Stripe's webhook) and a form (sign-in). */
const BODY_LIMIT = 256 * 1024;
const FORM_LIMIT = 64 * 1024;

/** Stripe signs the webhook's exact bytes: that path keeps its body as the bytes it came in. */
const RAW_BODY_PATH = '/api/billing/webhook';

const BODY_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  unreadable: 'The request body could not be read.',
} as const;

const DECODERS: Record<string, (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | undefined> = {
  gzip: () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/**
 * How request bodies are read, replacing Fastify's parsers so every refusal is the contract's
 * `{"detail": "..."}`: JSON (objects and arrays only, as a command's payload always is; an empty
 * body is `{}`), forms, and anything else read up to the limit and left unparsed, so a handler's
 * validation names the missing body (422) instead of Fastify refusing the type (415). A body may
 * come gzip-, deflate- or brotli-compressed; the limit counts its decoded bytes.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', parser(BODY_LIMIT, parseJson));
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    parser(FORM_LIMIT, (bytes) => parseQueryString(bytes.toString('utf8'))),
  );
  fastify.addContentTypeParser(
    '*',
    parser(BODY_LIMIT, () => undefined),
  );
}

/**
 * A content-type parser: the body's bytes, parsed, or as they are on the webhook's path. These
 * parsers replace Fastify's, so its `bodyLimit` does not apply: `limit` is the only one.
 */
function parser(limit: number, parse: (bytes: Buffer) => unknown) {
  return async (request: FastifyRequest, payload: IncomingMessage): Promise<unknown> => {
    const bytes = await readBody(request, payload, limit);
    return isRawBodyPath(request) ? bytes : parse(bytes);
  };
}

function isRawBodyPath(request: FastifyRequest): boolean {
  return request.url === RAW_BODY_PATH || request.url.startsWith(`${RAW_BODY_PATH}?`);
}

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8').trim();
  if (text === '') return {};
  // Strict, as express.json was: a scalar is never a command's payload.
  if (text[0] !== '{' && text[0] !== '[') throw bodyError(400, BODY_MESSAGES.invalidJson);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bodyError(400, BODY_MESSAGES.invalidJson);
  }
}

/** The body's decoded bytes, refused past `limit` before more is read. */
async function readBody(request: FastifyRequest, payload: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw bodyError(413, BODY_MESSAGES.tooLarge);
  const encoding = String(request.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding === 'identity') return collect(payload, limit);
  const decoder = DECODERS[encoding];
  if (!decoder) throw bodyError(415, BODY_MESSAGES.unreadable);
  const decoded = payload.pipe(decoder());
  payload.on('error', (error) => decoded.destroy(error));
  return collect(decoded, limit);
}

async function collect(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        stream.destroy();
        throw bodyError(413, BODY_MESSAGES.tooLarge);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    // A stream cut short or bytes that do not inflate are still the client's body: a 400, not a 500.
    throw error instanceof HttpException ? error : bodyError(400, BODY_MESSAGES.unreadable);
  }
  return Buffer.concat(chunks, size);
}

function bodyError(status: number, detail: string): HttpException {
  return new HttpException({ detail }, status);
}
