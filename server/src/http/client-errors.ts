import type { Duplex } from 'node:stream';

/**
 * Requests Node's HTTP parser refuses (a header or URL over its size limit, a malformed request
 * line) never reach a route; Fastify would close them with its own body. Answer them in the
 * contract's shape instead, so every client reads a `detail` (Fastify's `clientErrorHandler`).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, detail] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'The request headers or address are too long.']
    : [400, 'Bad Request', 'The request could not be read.'];
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
