/**
 * The inbox's rules, pure: a person marks their own notifications read. Whether a notification
 * exists and whose it is comes from the read model (the command service answers 404 first);
 * the decider keeps marking idempotent, so a second click or a retried request records nothing.
 */
import type { StreamDecider } from '../shared/decider';
import type { Command } from '../shared/events';
import { isInboxEvent, type InboxEvent } from './notification-events';

export interface Inbox {
  /** Notifications read one by one since the last "mark all read". */
  read: ReadonlySet<string>;
}

interface Dated {
  user_id: string;
  now: Date;
}

export type InboxCommand =
  /** `unread`: the notification is unread in the read model (a read-all may have covered it). */
  | Command<'MarkNotificationRead', Dated & { notification_id: string; unread: boolean }>
  /** `unread_count`: how many are unread now; with none there is nothing to record. */
  | Command<'MarkAllNotificationsRead', Dated & { unread_count: number }>;

export const inboxDecider: StreamDecider<Inbox, InboxCommand, InboxEvent> = {
  initialState: () => ({ read: new Set() }),
  isEvent: isInboxEvent,
  decide(command, inbox) {
    const at = command.data.now.toISOString();
    const user_id = command.data.user_id;
    switch (command.type) {
      case 'MarkNotificationRead': {
        const { notification_id, unread } = command.data;
        if (!unread || inbox.read.has(notification_id)) return [];
        return [{ type: 'NotificationRead', data: { user_id, notification_id, at } }];
      }
      case 'MarkAllNotificationsRead':
        if (command.data.unread_count === 0) return [];
        return [{ type: 'AllNotificationsRead', data: { user_id, at } }];
    }
  },
  evolve(inbox, event) {
    switch (event.type) {
      case 'NotificationRead':
        return { read: new Set([...inbox.read, event.data.notification_id]) };
      case 'AllNotificationsRead':
        return { read: new Set() };
    }
  },
};
