import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/** A page section that could not load: what failed, why if known, and a retry. */
export function LoadFailure({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle size={20} stroke={1.75} />}>
      <Stack gap="sm" align="flex-start">
        {message || 'Please try again in a moment.'}
        {onRetry && (
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
