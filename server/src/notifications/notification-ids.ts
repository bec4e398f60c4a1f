import { createHash } from 'node:crypto';

/** Namespace of notification ids (a random UUID fixed once; changing it would double every notification on a rebuild). */
const NOTIFICATION_NAMESPACE = '8c0f3b52-6d1a-4f7e-b3c9-2e5a7d91f460';

/**
 * The id of the notification one event makes for one recipient: a UUID v5 (RFC 9562, SHA-1) of
 * the pair, so a replayed event or a rebuilt read model makes the same rows, never a second one.
 */
export function notificationIdFor(eventId: string, userId: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(NOTIFICATION_NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(`${eventId.toLowerCase()}:${userId.toLowerCase()}`)
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
