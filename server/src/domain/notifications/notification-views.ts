/**
 * The inbox as the API answers it and the client shows it: the kinds of notification, one
 * notification, a page of them and the query that asks for one. Shared by server and client.
 */
import { z } from 'zod';
import { pageNumberFields } from '../shared/paging';

export const NOTIFICATION_KINDS = [
  'bid_submitted',
  'applicant_countered',
  'facility_countered',
  'bid_rejected',
  'rejection_undone',
  'position_filled',
  'connection',
  'verification',
  'account_status',
  'member_joined',
  'payment_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Page sizes of GET /notifications: the page's default (and the dropdown's), and the most. */
export const NOTIFICATIONS_PAGE_SIZE = { default: 20, dropdown: 6, max: 100 } as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;

const isoDateTime = z.string().describe('ISO date-time');

export const notificationViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().describe('The page it concerns, a path of this app (e.g. /jobs/{id}).'),
  created_at: isoDateTime,
  read_at: isoDateTime.nullable(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** GET /notifications: newest first; `unread=true` keeps only the unread. */
export const notificationsQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  ...pageNumberFields(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationViewSchema),
  /** Rows the whole list (with the filter) has. */
  total: z.number().int(),
  unread_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** The `notification.created` push: the new notification and the recipient's unread count. */
export interface NotificationCreatedPush {
  notification: NotificationView;
  unread_count: number;
}
