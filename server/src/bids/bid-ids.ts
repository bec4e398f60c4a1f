import { uuidV5 } from '../platform/uuid-v5';

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
  return uuidV5(BID_NAMESPACE, `${postingId.toLowerCase()}:${applicantId.toLowerCase()}`);
}
