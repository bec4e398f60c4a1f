import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

import classes from './layout.module.css';

function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-tenens-8)" />
      <path d="M9 10h14v3.2h-5.3V23h-3.4v-9.8H9z" fill="#fff" />
    </svg>
  );
}

/** The Tenens wordmark as a link (home when signed out, dashboard when signed in). */
export function Logo({ to, label }: { to: string; label?: string }) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.logo} aria-label={label ?? 'Tenens home'}>
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={750} fz={21} lts={-0.3} c="gray.9">
          Tenens
        </Text>
      </Group>
    </UnstyledButton>
  );
}
