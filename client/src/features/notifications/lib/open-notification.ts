import { useNavigate } from 'react-router';

import type { NotificationView } from '@domain/notifications/notification-views';

import { useMarkNotificationRead } from '../api/mark-notification-read';

/** Opening a notification: its page, and (if it was unread) marked read on the way. */
export function useOpenNotification(): (notification: NotificationView) => void {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification) => {
    if (notification.read_at === null) markRead.mutate(notification.id);
    void navigate(notification.link);
  };
}

/** Whether the page at `pathname` is the one the notification concerns (its toast would repeat the page). */
export function isOnPageOf(pathname: string, link: string): boolean {
  return pathname.replace(/\/+$/, '') === link.split(/[?#]/)[0].replace(/\/+$/, '');
}
