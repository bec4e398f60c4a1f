import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { NotificationView } from '@domain/notifications/notification-views';

import { notificationKeys } from './keys';

/** POST /notifications/{id}/read: opening a notification marks it read (404 for anyone else's). */
export function markNotificationRead(id: string): Promise<NotificationView> {
  return api.post<NotificationView>(`/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
