import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's policy plus what Stripe's embedded checkout needs in Stripe mode: its script
 * (js.stripe.com), its frames and its API calls. Everything else stays same-origin. `nonce` is
 * the page's own script source.
 */
const cspDirectives = (nonce: string | typeof pageNonce) => ({
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
  // A rendered page's one inline script carries this response's nonce (http/server-rendering.ts).
  'script-src': ["'self'", nonce, 'https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  'connect-src': ["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com', 'https://*.stripe.com'],
});

const nonces = new WeakMap<ServerResponse, string>();

/** A fresh nonce per page, kept for the page that uses it (cspNonceOf). */
function pageNonce(_request: IncomingMessage, response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(response, nonce);
  }
  return `'nonce-${nonce}'`;
}

/** The nonce this response's policy allows, '' for an answer that has none. */
export function cspNonceOf(response: ServerResponse): string {
  return nonces.get(response) ?? '';
}

/**
 * Helmet's headers, as an onRequest hook. An API answer runs no script and needs no nonce: its
 * policy has 'self' in the nonce's place, a constant that helmet joins once, where a function in
 * the policy has it build and check the whole header for every request (with the random bytes,
 * a measurable share of a cached search's CPU).
 */
export function securityHeaders() {
  const api = helmet({ contentSecurityPolicy: { directives: cspDirectives("'self'") } });
  const pages = helmet({ contentSecurityPolicy: { directives: cspDirectives(pageNonce) } });
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
    (request.url.startsWith('/api/') ? api : pages)(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
}
