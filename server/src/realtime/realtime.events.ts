/**
 * Everything the server pushes over Socket.IO, by event name. Payloads are read-model rows as
 * the recipient's own API returns them, so clients can drop them straight into their caches.
 */
export interface RealtimeEvents {
  'posting.updated': Record<string, unknown>;
  'bid.updated': Record<string, unknown>;
  /** A record an admin watches changed (facility or applicant lifecycle). */
  'record.updated': { kind: 'facility' | 'applicant'; id: string };
}

export type RealtimeEventName = keyof RealtimeEvents;

export interface Push<E extends RealtimeEventName = RealtimeEventName> {
  room: string;
  event: E;
  payload: RealtimeEvents[E];
}

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  facility: (facilityId: string) => `facility:${facilityId}`,
  posting: (postingId: string) => `posting:${postingId}`,
  admins: 'admins',
} as const;
