import { Alert, Button, Flex, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';

/** Step 2's foot: the reason a submit failed, then Back and Create Account. */
export function DetailsActions({ failure, submitting, onBack }: { failure: string | null; submitting: boolean; onBack: () => void }) {
  return (
    <Stack gap="md" mt="xs">
      {failure && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} stroke={1.75} />}>
          {failure}
        </Alert>
      )}
      <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm">
        <Button
          variant="default"
          size="md"
          w={{ base: '100%', xs: 'auto' }}
          onClick={onBack}
          disabled={submitting}
          leftSection={<IconArrowLeft size={18} stroke={1.75} />}
        >
          Back
        </Button>
        <Button type="submit" size="md" w={{ base: '100%', xs: 'auto' }} loading={submitting}>
          Create Account
        </Button>
      </Flex>
    </Stack>
  );
}
