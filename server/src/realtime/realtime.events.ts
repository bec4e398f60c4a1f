import type { RealtimeEventName, RealtimeEvents } from '../domain/shared/realtime-events';

/** One push: an event of E with its payload, to one room (any event when E is left out). */
export type Push<E extends RealtimeEventName = RealtimeEventName> = {
  [K in E]: { room: string; event: K; payload: RealtimeEvents[K] };
}[E];

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  facility: (facilityId: string) => `facility:${facilityId}`,
  posting: (postingId: string) => `posting:${postingId}`,
  /**
   * A posting's bid counts, which the public does not see: admins watching the posting join it
   * too (its facility's members have the counts through the facility's room).
   */
  postingCounts: (postingId: string) => `posting-counts:${postingId}`,
  admins: 'admins',
} as const;
