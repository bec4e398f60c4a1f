import { useQueryClient } from '@tanstack/react-query';

import { useLiveEvent, useOnLiveConnect } from '@/hooks/use-live-updates';
import type { NotificationCreatedPush } from '@domain/notifications/notification-views';

import { notificationKeys } from './keys';

/**
 * Keeps the inbox live: a pushed notification sets the unread count and refetches the lists
 * (then `onCreated` may show it); a read in another tab sets the count. Whatever was pushed
 * while the socket was away is refetched when it connects.
 */
export function useLiveNotifications(onCreated?: (push: NotificationCreatedPush) => void): void {
  const queryClient = useQueryClient();
  const refetchLists = () => void queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
  useLiveEvent('notification.created', (push) => {
    queryClient.setQueryData(notificationKeys.unreadCount(), { unread_count: push.unread_count });
    refetchLists();
    onCreated?.(push);
  });
  useLiveEvent('notifications.read', (count) => {
    queryClient.setQueryData(notificationKeys.unreadCount(), count);
    refetchLists();
  });
  useOnLiveConnect(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
}
