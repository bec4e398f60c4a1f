import type { NotificationsQuery } from '@domain/notifications/notification-views';

/** Query keys of the inbox; a new or read notification invalidates `all` (lists and the count). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationsQuery) => ['notifications', 'list', query] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
};
