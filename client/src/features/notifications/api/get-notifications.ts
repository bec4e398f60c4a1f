import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { NotificationsPage, NotificationsQuery } from '@domain/notifications/notification-views';

import { notificationKeys } from './keys';

/** GET /notifications?unread=&page=&page_size=: the caller's notifications, newest first, one page. */
export function getNotifications(query: NotificationsQuery, options?: RequestOptions): Promise<NotificationsPage> {
  return api.get<NotificationsPage>('/notifications', { ...options, query: { ...query } });
}

export const notificationsQueryOptions = (query: NotificationsQuery) =>
  queryOptions({ queryKey: notificationKeys.list(query), queryFn: ({ signal }) => getNotifications(query, { signal }) });

/** The previous page stays on screen while the next one loads. */
export const useNotifications = (query: NotificationsQuery, enabled = true) =>
  useQuery({ ...notificationsQueryOptions(query), enabled, placeholderData: keepPreviousData });
