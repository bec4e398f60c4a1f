import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled card of a detail page; the heading labels the region for screen readers. */
export function SectionCard({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Paper>
  );
}

/** The label/value pairs of a record in view mode, in one or two columns. */
export function FieldList({ children, cols = 2 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="lg" verticalSpacing="md" m={0}>
      {children}
    </SimpleGrid>
  );
}

/** One pair; an empty value reads 'Not provided'. */
export function Field({ label, children, span }: { label: string; children: ReactNode; span?: boolean }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0} mt={2} style={{ overflowWrap: 'anywhere' }} c={empty ? 'dimmed' : undefined}>
        {empty ? 'Not provided' : children}
      </Text>
    </div>
  );
}

/**
 * A section's loaded list: an alert when it failed, two placeholder rows while it loads, a
 * sentence when there is nothing, else the list (rendered only then).
 */
export function SectionContent({
  error,
  isLoading,
  isEmpty,
  failed,
  loadingLabel,
  rowHeight = 36,
  empty,
  children,
}: {
  error: unknown;
  isLoading: boolean;
  isEmpty: boolean;
  failed: string;
  loadingLabel: string;
  rowHeight?: number;
  empty: string;
  children: () => ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" variant="light">
        {failed}
      </Alert>
    );
  }
  if (isLoading) {
    return (
      <Stack gap="xs" role="status" aria-label={loadingLabel}>
        <Skeleton height={rowHeight} />
        <Skeleton height={rowHeight} />
      </Stack>
    );
  }
  if (isEmpty) {
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return children();
}
