import { Avatar, Box, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

import { displayName } from '@/stores/session';
import type { UserView } from '@domain/accounts/user-view';

function initials(name: string): string {
  const words = name.split(/[\s@.]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * What the account menu's button shows: avatar, name and chevron. The button is named by hidden
 * text ("Account menu for <name>"), not an aria-label, which would have to repeat the visible
 * initials too (WCAG 2.5.3, label in name); the visible parts are hidden from assistive technology.
 */
export function UserMenuFace({ user }: { user: UserView }) {
  const name = displayName(user);
  return (
    <>
      <VisuallyHidden>Account menu for {name}</VisuallyHidden>
      <Avatar size={32} radius="xl" color="tenens" variant="light" aria-hidden>
        {initials(name)}
      </Avatar>
      <Box visibleFrom="xs" miw={0} aria-hidden>
        <Text fz="sm" fw={600} c="gray.9" lh={1.2} truncate="end">
          {name}
        </Text>
      </Box>
      <IconChevronDown size={16} stroke={1.75} aria-hidden color="var(--mantine-color-gray-6)" />
    </>
  );
}
