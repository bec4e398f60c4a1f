import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
 * How answers are compressed, by the compression hook and where an answer is compressed once and
 * sent many times (encoded-json.ts). Small bodies are not worth it (1 kB). Answers are compressed
 * as they go, so gzip at the fastest level (nginx's default too): level 6 was 14 % of a search's
 * CPU, and brotli costs more still.
 */
export const API_COMPRESSION = { threshold: 1024, level: zlib.constants.Z_BEST_SPEED };

/**
 * Compresses answers when the client asks (Socket.IO manages its own frames). Request bodies are
 * decoded by the body parsers (body-parsing.ts), so the plugin's own decoding stays off.
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyCompress, {
    threshold: API_COMPRESSION.threshold,
    encodings: ['gzip', 'deflate'],
    zlibOptions: { level: API_COMPRESSION.level },
    globalDecompression: false,
  });
}

/**
 * Pages (index.html, rendered pages with their inline styles and data): few and small, so
 * compressed well: brotli (at the plugin's quality 4) where the browser takes it, else gzip at 6.
 */
export const PAGE_COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  zlibOptions: { level: zlib.constants.Z_DEFAULT_COMPRESSION },
};
