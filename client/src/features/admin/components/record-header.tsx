import { formatDateTime } from '@domain/shared/format';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A detail page's top: back link, eyebrow, name, status badges, dates and the header actions. */
export function RecordHeader({
  eyebrow,
  title,
  badges,
  actions,
  createdAt,
  updatedAt,
}: {
  eyebrow: string;
  title: string;
  badges: ReactNode;
  actions: ReactNode;
  createdAt: string;
  updatedAt: string;
}) {
  return (
    <Stack gap="md" mb="xl">
      <Anchor component={Link} to="/admin" fz="sm" w="fit-content">
        <Group gap={4} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
          <IconArrowLeft size={16} aria-hidden />
          Admin dashboard
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={8} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Text fz="xs" fw={700} tt="uppercase" lts={0.6} c="tenens.8">
            {eyebrow}
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badges}
          <Text fz="sm" c="dimmed">
            <span style={{ whiteSpace: 'nowrap' }}>
              Created <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
            </span>
            {' · '}
            <span style={{ whiteSpace: 'nowrap' }}>
              Updated <time dateTime={updatedAt}>{formatDateTime(updatedAt)}</time>
            </span>
          </Text>
        </Stack>
        <Group gap="sm" wrap="wrap" role="group" aria-label="Actions">
          {actions}
        </Group>
      </Group>
    </Stack>
  );
}
