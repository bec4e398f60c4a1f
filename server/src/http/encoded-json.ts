import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { acceptedEncodings, API_COMPRESSION } from './client-files';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Each coding as compressApi() would write it, preferred first (as compression prefers them). */
const CODINGS = {
  br: (raw: Buffer) => brotli(raw, API_COMPRESSION.brotli),
  gzip: (raw: Buffer) => gzip(raw, { level: API_COMPRESSION.level }),
};
type Coding = keyof typeof CODINGS;

/**
 * A JSON answer serialized once and compressed at most once per coding, for an answer that is
 * sent many times (a cached search page): neither JSON.stringify nor zlib runs again per request.
 * It is sent with the headers compressApi() and res.json() would give it; its own Content-Encoding
 * tells compression to leave it alone.
 */
export class EncodedJson {
  readonly raw: Buffer;
  private readonly encoded = new Map<Coding, Promise<Buffer>>();

  constructor(value: unknown) {
    this.raw = Buffer.from(JSON.stringify(value));
  }

  async send(request: Request, response: Response): Promise<void> {
    response.vary('Accept-Encoding');
    response.type('json');
    const coding = this.codingFor(request);
    if (!coding) return void response.send(this.raw);
    const body = await this.encode(coding);
    response.setHeader('Content-Encoding', coding);
    // The ETag res.send derives is then that of the coding's bytes, as a weak ETag may be.
    response.send(body);
  }

  private codingFor(request: Request): Coding | null {
    if (this.raw.length < API_COMPRESSION.threshold) return null;
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    return (Object.keys(CODINGS) as Coding[]).find((coding) => accepted.has(coding)) ?? null;
  }

  private encode(coding: Coding): Promise<Buffer> {
    let encoded = this.encoded.get(coding);
    if (!encoded) {
      encoded = CODINGS[coding](this.raw);
      this.encoded.set(coding, encoded);
      // A failure is not kept: the next request tries again.
      encoded.catch(() => this.encoded.delete(coding));
    }
    return encoded;
  }
}
