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
   * What a posting's facility hears of it beyond the public (its bid counts, its bids), for the
   * admins watching it: they join it with the posting's room. The facility's members hear the
   * same through the facility's room.
   */
  postingAdmins: (postingId: string) => `posting-admins:${postingId}`,
  admins: 'admins',
} as const;
