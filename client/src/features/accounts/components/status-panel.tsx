import { Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The centred outcome of a one-shot flow (email verified, reset link invalid, password reset):
 * an icon, a heading, a sentence, then the ways on. The heading is focusable so the page can
 * move focus to it when the outcome replaces a form.
 */
export function StatusPanel({
  icon,
  color = 'tenens',
  title,
  children,
  actions,
  live = true,
  headingRef,
}: {
  icon: ReactNode;
  color?: MantineColor;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Announce the heading and message to screen readers when they appear. */
  live?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <Stack gap="lg" align="center" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={6} align="center" role={live ? 'status' : undefined} aria-live={live ? 'polite' : undefined}>
        <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {children && (
          <Text c="dimmed" fz="sm" maw={380} style={{ overflowWrap: 'anywhere' }}>
            {children}
          </Text>
        )}
      </Stack>
      {actions && (
        <Stack gap="sm" w="100%">
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
