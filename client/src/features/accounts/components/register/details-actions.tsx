import { Button, Flex, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

import { FormErrorAlert } from '@/components/ui/form-error-alert';

/** Step 2's foot: the reason a submit failed, then Back and Create Account. */
export function DetailsActions({ failure, submitting, onBack }: { failure: string | null; submitting: boolean; onBack: () => void }) {
  return (
    <Stack gap="md" mt="xs">
      {failure && <FormErrorAlert>{failure}</FormErrorAlert>}
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
