import { createHash } from 'node:crypto';

/** Namespace of bid ids (a random UUID fixed once; changing it would orphan every bid stream). */
const BID_NAMESPACE = '3f9a6c1e-8b2d-4e57-9a41-6d0c2b7e5f18';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The id of an applicant's bid on a posting: a UUID v5 (RFC 9562, SHA-1) of the pair. One bid
 * per applicant per posting then holds under any race: a second submit, however concurrent, lands
 * on the same `bid-{id}` stream, whose 'no_stream' append fails, and the decider refuses it.
 */
export function bidIdFor(postingId: string, applicantId: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(BID_NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(`${postingId.toLowerCase()}:${applicantId.toLowerCase()}`)
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
