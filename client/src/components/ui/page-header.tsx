import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title block: the h1, an optional line of context, optional actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="xl" wrap="wrap">
      <Stack gap={6} maw={720}>
        {eyebrow && (
          <Text fz="xs" fw={700} tt="uppercase" lts={0.6} c="tenens.8">
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" fz="md">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
