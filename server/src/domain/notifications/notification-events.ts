/**
 * Events of a person's inbox stream (`inbox-{user id}`): what they have read. The notifications
 * themselves are not events: they are projected from the events that concern the person, so
 * only reading them is recorded, and a rebuilt inbox keeps what was read.
 */
import { eventGuard, type Event } from '../shared/events';

export const inboxStream = (userId: string) => `inbox-${userId}`;

/** One notification opened or marked read by its recipient (`user_id`). */
export type NotificationRead = Event<'NotificationRead', { user_id: string; notification_id: string; at: string }>;
/** Everything in the inbox before this event (in the log's order) marked read by its owner. */
export type AllNotificationsRead = Event<'AllNotificationsRead', { user_id: string; at: string }>;

export type InboxEvent = NotificationRead | AllNotificationsRead;

export const INBOX_EVENT_TYPES: readonly InboxEvent['type'][] = ['NotificationRead', 'AllNotificationsRead'];

export const isInboxEvent = eventGuard<InboxEvent>(INBOX_EVENT_TYPES);
