import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { loadingRegion } from '@/components/ui/loading-region';
import { errorMessage } from '@/lib/api-client';

import { alertTitleStyles } from './alert-styles';

/** Placeholder bid cards while a list loads: a title and a subtitle line of the given widths, then a bar. */
export function CardSkeletons({ count, label, widths }: { count: number; label: string; widths: [string, string] }) {
  return (
    <Stack gap="md" {...loadingRegion(label)}>
      {Array.from({ length: count }, (_, key) => (
        <Paper key={key} withBorder p="lg">
          <Skeleton height={18} width={widths[0]} mb="xs" />
          <Skeleton height={12} width={widths[1]} mb="lg" />
          <Skeleton height={36} />
        </Paper>
      ))}
    </Stack>
  );
}

/** A list that failed to load: the title, the server's reason when it gave one, and 'Try again'. */
export function LoadFailedAlert({
  title,
  error,
  retrying,
  onRetry,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const reason = errorMessage(error, '');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title} styles={alertTitleStyles('red')}>
      <Stack gap="sm" align="flex-start">
        {reason && <Text fz="sm">{reason}</Text>}
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
