import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One record of an admin list on a phone: its name as the link, a line under it (email, type),
 * its badges, and label-value facts that wrap instead of running off the screen.
 */
export function RecordCard({
  to,
  name,
  subtitle,
  badges,
  facts,
}: {
  /** Where the name links; a record without a page of its own (a facility user) has none. */
  to?: string;
  name: string;
  subtitle?: ReactNode;
  badges?: ReactNode;
  facts: { label: string; value: ReactNode }[];
}) {
  return (
    <Box component="li" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={6}>
        {to ? (
          <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Anchor>
        ) : (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        )}
        {subtitle}
        {badges}
        <Group gap="md" wrap="wrap">
          {facts.map((fact) => (
            <Text key={fact.label} fz="xs" c="dimmed" component="span">
              {fact.label}:{' '}
              <Text span fz="xs" c="dark" inherit>
                {fact.value}
              </Text>
            </Text>
          ))}
        </Group>
      </Stack>
    </Box>
  );
}

/** The cards of a list, named like the table they replace on a phone. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
