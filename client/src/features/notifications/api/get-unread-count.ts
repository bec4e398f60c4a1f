import { useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { UnreadCount } from '@domain/notifications/notification-views';

import { notificationKeys } from './keys';

/** GET /notifications/unread-count: the bell's number. Kept live by the pushes (live-notifications.ts). */
export function getUnreadCount(options?: RequestOptions): Promise<UnreadCount> {
  return api.get<UnreadCount>('/notifications/unread-count', options);
}

export const useUnreadCount = () =>
  useQuery({ queryKey: notificationKeys.unreadCount(), queryFn: ({ signal }) => getUnreadCount({ signal }), staleTime: Infinity });
