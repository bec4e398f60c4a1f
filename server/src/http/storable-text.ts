import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../domain/shared/text';
import type { ValidationIssue } from '../domain/shared/errors';

type Path = (string | number)[];

/** Every place in a parsed body or query where a key or a string cannot be stored. */
function unstorablePlaces(value: unknown, path: Path, found: Path[]): Path[] {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(path);
    return found;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => unstorablePlaces(item, [...path, index], found));
    return found;
  }
  // A raw body (the Stripe webhook's) is bytes, checked by its signature instead.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return found;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) found.push(path);
    else unstorablePlaces(item, [...path, key], found);
  }
  return found;
}

/**
 * Refuses, with the contract's 422, a write whose body or query carries text Postgres cannot
 * store (a preHandler hook). Checked once at the edge, so no handler, event or read model ever meets such text
 * (it would otherwise end in a database error, or stall a projection). Reads are left to their
 * handlers: search, for one, simply ignores a NUL in its text.
 */
export function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const query = isRead ? [] : unstorablePlaces(request.query, ['query'], []);
  const places = [...query, ...unstorablePlaces(request.body, ['body'], [])];
  if (places.length === 0) return done();
  const detail: ValidationIssue[] = places.map((loc) => ({ loc, msg: UNSTORABLE_TEXT_MESSAGE, type: 'value_error' }));
  void reply.status(422).send({ detail });
}
