import type { RealtimeEventName, RealtimeEvents } from '../domain/shared/realtime-events';

/**
 * One push: an event of E with its payload (any event when E is left out), to one room or to
 * several: one message then reaches each socket in any of them once.
 */
export type Push<E extends RealtimeEventName = RealtimeEventName> = {
  [K in E]: { room: string | string[]; event: K; payload: RealtimeEvents[K] };
}[E];

/** Whether a push goes to this room. */
export const pushesTo = (push: Push, room: string): boolean => [push.room].flat().includes(room);

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
