import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import classes from './record-card.module.css';

/**
 * One record of a list on a phone, where its table would run off the screen: its name (a link when
 * it has a page), a line under it (email, type), its badges, label-value facts that wrap, and the
 * row's actions.
 */
export function RecordCard({
  to,
  name,
  subtitle,
  badges,
  facts,
  actions,
}: {
  /** Where the name links; a record without a page of its own (a facility user) has none. */
  to?: string;
  name: string;
  subtitle?: ReactNode;
  badges?: ReactNode;
  facts: { label: string; value: ReactNode }[];
  actions?: ReactNode;
}) {
  return (
    <Box component="li" px="md" py="sm" className={classes.card}>
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
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
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
