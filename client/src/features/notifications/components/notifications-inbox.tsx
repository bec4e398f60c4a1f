import {
  Alert,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

import { NOTIFICATIONS_PAGE_SIZE } from '@domain/notifications/notification-views';
import { pluralize } from '@domain/shared/format';

import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';

import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useOpenNotification } from '../lib/open-notification';
import { NotificationContent } from './notification-content';
import classes from './notifications.module.css';

type Show = 'all' | 'unread';

/** /notifications: the whole inbox, newest first, All or Unread, paged by the server. */
export function NotificationsInbox() {
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  const headingId = useId();
  const list = useNotifications({ unread: show === 'unread', page, page_size: NOTIFICATIONS_PAGE_SIZE.default });
  const unread = useUnreadCount().data?.unread_count ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  let content: ReactNode;
  if (list.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
        {errorMessage(list.error, 'Notifications could not be loaded. Try again in a moment.')}
      </Alert>
    );
  } else if (!data) {
    content = (
      <Stack gap="sm" role="status" aria-label="Loading notifications">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={64} radius="md" />
        ))}
      </Stack>
    );
  } else if (data.notifications.length === 0) {
    content = <Empty unreadOnly={show === 'unread'} />;
  } else {
    content = (
      <Stack gap={4} style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <ul className={classes.list} aria-labelledby={headingId}>
          {data.notifications.map((notification) => (
            <li key={notification.id}>
              <UnstyledButton
                className={classes.item}
                data-unread={notification.read_at === null || undefined}
                onClick={() => open(notification)}
              >
                <NotificationContent notification={notification} lines={3} />
              </UnstyledButton>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <Group justify="space-between" gap="sm" wrap="wrap" mt="sm">
            <Text fz="sm" c="gray.7">
              {pluralize(data.total, 'notification')}
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Notifications · Tenens</title>
      <PageHeader
        eyebrow="Inbox"
        title="Notifications"
        description="Bids, counters, connections and decisions on your account, newest first."
        actions={
          <Button
            variant="default"
            leftSection={<IconChecks size={18} stroke={1.75} />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby={headingId}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap" px={{ base: 'xs', sm: 0 }} pt={{ base: 'xs', sm: 0 }}>
            <Title order={2} fz="lg" id={headingId}>
              {unread > 0 ? `${pluralize(unread, 'unread notification')}` : 'All read'}
            </Title>
            <SegmentedControl
              aria-label="Show notifications"
              value={show}
              onChange={(value) => {
                setShow(value as Show);
                setPage(1);
              }}
              data={[
                { value: 'all', label: 'All' },
                { value: 'unread', label: 'Unread' },
              ]}
            />
          </Group>
          {content}
        </Stack>
      </Paper>
    </Container>
  );
}

function Empty({ unreadOnly }: { unreadOnly: boolean }) {
  return (
    <Stack align="center" ta="center" gap="xs" py="xl">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconBellOff size={26} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600} c="gray.9">
        {unreadOnly ? 'Nothing unread' : 'No notifications yet'}
      </Text>
      <Text fz="sm" c="dimmed" maw={380}>
        {unreadOnly ? "You're all caught up." : 'New bids, counters, connections and decisions on your account will show up here.'}
      </Text>
    </Stack>
  );
}
