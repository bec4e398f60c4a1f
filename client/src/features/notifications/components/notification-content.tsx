import { Box, Group, Stack, Text } from '@mantine/core';

import type { NotificationView } from '@domain/notifications/notification-views';

import { timeAgo } from '../lib/time-ago';
import classes from './notifications.module.css';

/** One notification as the dropdown and the page show it: unread dot, title, body and when. */
export function NotificationContent({ notification, lines = 2 }: { notification: NotificationView; lines?: number }) {
  const unread = notification.read_at === null;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fz="sm" fw={unread ? 700 : 500} c="gray.9" lineClamp={2}>
          {unread && <span className={classes.visuallyHidden}>Unread: </span>}
          {notification.title}
        </Text>
        <Text fz="sm" c="gray.7" lineClamp={lines}>
          {notification.body}
        </Text>
        <Text fz="xs" c="dimmed" component="time" dateTime={notification.created_at}>
          {timeAgo(notification.created_at)}
        </Text>
      </Stack>
    </Group>
  );
}
