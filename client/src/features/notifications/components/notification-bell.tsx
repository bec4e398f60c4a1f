import '@/styles/components';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell, IconChecks, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { NOTIFICATIONS_PAGE_SIZE, type NotificationView } from '@domain/notifications/notification-views';

import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useLiveNotifications } from '../api/live-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { isOnPageOf, useOpenNotification } from '../lib/open-notification';
import { NotificationContent } from './notification-content';
import classes from './notifications.module.css';

/** '3', or '99+' beyond what fits the badge. */
const shortCount = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's bell: the unread count (live), a dropdown of the latest notifications with
 * mark-all-read and a link to the whole inbox. A new notification also shows as a toast, unless
 * the page it concerns is already open (that page updates itself). Loaded after the first paint.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount().data?.unread_count ?? 0;
  const latest = useNotifications({ unread: false, page: 1, page_size: NOTIFICATIONS_PAGE_SIZE.dropdown }, opened);
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification();
  const { pathname } = useLocation();

  useLiveNotifications(({ notification }) => {
    if (!isOnPageOf(pathname, notification.link)) toast(notification, open);
  });

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    // Not portalled: the dropdown stays in the header's landmark, as the account menu does.
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      classNames={{ dropdown: classes.dropdown }}
      withinPortal={false}
    >
      <Menu.Target>
        <ActionIcon variant="default" size={42} radius="xl" className={classes.bell} aria-label={label}>
          <IconBell size={20} stroke={1.75} />
          {unread > 0 && (
            <span className={classes.count} data-testid="unread-count" aria-hidden>
              {shortCount(unread)}
            </span>
          )}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Notifications</Menu.Label>
        <div className={classes.latest}>
          <LatestNotifications query={latest} onOpen={open} />
        </div>
        <Menu.Divider />
        {unread > 0 && (
          <Menu.Item closeMenuOnClick={false} leftSection={<IconChecks size={18} stroke={1.75} />} onClick={() => markAll.mutate()}>
            Mark all as read
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/notifications" leftSection={<IconInbox size={18} stroke={1.75} />}>
          See all notifications
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function LatestNotifications({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useNotifications>;
  onOpen: (notification: NotificationView) => void;
}) {
  if (query.isError) return <Status>Notifications could not be loaded. Try again in a moment.</Status>;
  if (!query.data) return <Status>Loading notifications…</Status>;
  if (query.data.notifications.length === 0) return <Status>You're all caught up. New bids, counters and decisions show up here.</Status>;
  return query.data.notifications.map((notification) => (
    <Menu.Item
      key={notification.id}
      onClick={() => onOpen(notification)}
      data-unread={notification.read_at === null || undefined}
      className={classes.item}
    >
      <NotificationContent notification={notification} />
    </Menu.Item>
  ));
}

function Status({ children }: { children: string }) {
  return (
    <Text fz="sm" c="dimmed" px="md" py="sm" role="status">
      {children}
    </Text>
  );
}

function toast(notification: NotificationView, open: (notification: NotificationView) => void) {
  toasts.show({
    id: notification.id,
    title: notification.title,
    message: notification.body,
    color: 'tenens',
    icon: <IconBell size={18} stroke={1.75} />,
    autoClose: 8000,
    style: { cursor: 'pointer' },
    onClick: () => {
      toasts.hide(notification.id);
      open(notification);
    },
  });
}
