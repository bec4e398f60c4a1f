import { Avatar, Box, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

import { displayName } from '@/stores/session';
import type { UserView } from '@domain/accounts/user-view';

function initials(name: string): string {
  const words = name.split(/[\s@.]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** What the account menu's button shows: avatar, name and chevron. */
export function UserMenuFace({ user }: { user: UserView }) {
  const name = displayName(user);
  return (
    <>
      <Avatar size={32} radius="xl" color="tenens" variant="light" aria-hidden>
        {initials(name)}
      </Avatar>
      <Box visibleFrom="xs" miw={0}>
        <Text fz="sm" fw={600} c="gray.9" lh={1.2} truncate="end">
          {name}
        </Text>
      </Box>
      <IconChevronDown size={16} stroke={1.75} aria-hidden color="var(--mantine-color-gray-6)" />
    </>
  );
}
