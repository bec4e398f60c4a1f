import { NotificationsInbox } from '@/features/notifications/components/notifications-inbox';

/** /notifications (anyone signed in): the whole inbox. */
export function NotificationsRoute() {
  return <NotificationsInbox />;
}
