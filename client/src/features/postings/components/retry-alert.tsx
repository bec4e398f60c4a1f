import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/** Something failed to load: the title, a sentence on what to do, and 'Try again'. */
export function RetryAlert({
  title,
  message = 'Check your connection and try again.',
  onRetry,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
