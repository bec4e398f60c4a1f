/**
 * Everything the server pushes over Socket.IO (event name -> payload) and what a client may ask
 * of it. The server's publisher and gateway and the client's socket are typed by these maps, so
 * a push is checked against its listeners at compile time.
 */
import type { ApplicantBidView, FacilityBidView } from '../bids/bid-view';
import type { TeamChangedPush } from '../facility-members/member-views';
import type { NotificationCreatedPush, UnreadCount } from '../notifications/notification-views';

export interface RealtimeEvents {
  /** A posting changed: refetch it (the facility's room and, once published, the posting's room). */
  'posting.updated': { id: string };
  /** A bid as the recipient's own API returns it: the applicant's view to them, the facility's to it. */
  'bid.updated': ApplicantBidView | FacilityBidView;
  /** A record an admin watches changed (facility or applicant lifecycle). */
  'record.updated': { kind: 'facility' | 'applicant'; id: string };
  /**
   * Your own record's verification status or active flag changed (to the applicant's user room,
   * or the facility's room): refetch the current user and your permissions.
   */
  'account.changed': { kind: 'facility' | 'applicant'; id: string };
  /** The facility's members or invitations changed (to the facility's room): refetch them and your permissions. */
  'team.changed': TeamChangedPush;
  /** A notification for you (to your user room), with your unread count after it. */
  'notification.created': NotificationCreatedPush;
  /** You read notifications (maybe in another tab): your unread count now. */
  'notifications.read': UnreadCount;
}

export type RealtimeEventName = keyof RealtimeEvents;

/** Server-to-client events as Socket.IO's typed sockets and emitters take them. */
export type RealtimeListeners = { [E in RealtimeEventName]: (payload: RealtimeEvents[E]) => void };

/** Client-to-server messages: join or leave a posting's public room (answered with { ok }). */
export interface RealtimeRequests {
  'posting.watch': (postingId: string, answer?: (result: { ok: boolean }) => void) => void;
  'posting.unwatch': (postingId: string, answer?: (result: { ok: boolean }) => void) => void;
}
