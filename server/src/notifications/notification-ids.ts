import { uuidV5 } from '../platform/uuid-v5';

/** Namespace of notification ids (a random UUID fixed once; changing it would double every notification on a rebuild). */
const NOTIFICATION_NAMESPACE = '8c0f3b52-6d1a-4f7e-b3c9-2e5a7d91f460';

/**
 * The id of the notification one event makes for one recipient: a UUID v5 (RFC 9562, SHA-1) of
 * the pair, so a replayed event or a rebuilt read model makes the same rows, never a second one.
 */
export function notificationIdFor(eventId: string, userId: string): string {
  return uuidV5(NOTIFICATION_NAMESPACE, `${eventId.toLowerCase()}:${userId.toLowerCase()}`);
}
