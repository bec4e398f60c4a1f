import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { UnreadCount } from '@domain/notifications/notification-views';

import { notificationKeys } from './keys';

/** POST /notifications/read-all: every notification of the caller read; answers the count (0). */
export function markAllNotificationsRead(): Promise<UnreadCount> {
  return api.post<UnreadCount>('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (count) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
