import { formatDate } from '@domain/shared/format';
import { Group, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import { fieldId, FormSection, type JobFormState } from './form-section';

/**
 * The expiration date while it may change (a new posting, or a draft never published); a
 * published posting's expiry as a fact, since it follows its paid period.
 */
export function ListingSection({
  form,
  isNew,
  editable,
  today,
  expiresAt,
}: {
  form: JobFormState;
  isNew: boolean;
  editable: boolean;
  today: string;
  expiresAt: string | null | undefined;
}) {
  return (
    <FormSection title="Listing" description="How long the posting takes applications.">
      {editable ? (
        <TextInput
          size="sm"
          id={fieldId('expiration_date')}
          type="date"
          label="Expiration date"
          description={
            isNew
              ? 'One month from today unless you choose otherwise. The posting runs through this day.'
              : 'The posting runs through this day.'
          }
          min={today}
          maw={{ sm: 420 }}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('expiration_date')}
        />
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={20} stroke={1.75} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text fz="sm" c="gray.8">
            Expires {formatDate(expiresAt)}. A published posting runs until the end of its paid period, so this date cannot be changed here.
          </Text>
        </Group>
      )}
    </FormSection>
  );
}
