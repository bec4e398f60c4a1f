import { Paper, Stack, Text, Title, type NumberInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

import type { JobFormField, JobFormValues } from '../../lib/job-form-values';

/** The job form's state, handed to each of its sections. */
export type JobFormState = UseFormReturnType<JobFormValues>;

/** The id of a field's input: labels, error focus and tests find the field by it. */
export const fieldId = (field: JobFormField) => `job-form-${field.replace(/_/g, '-')}`;

/** NumberInput hands over '' when empty and a string while a number is half typed: store a number or ''. */
export function toAmount(value: number | string): number | '' {
  const next = typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value);
  return typeof next === 'number' && !Number.isFinite(next) ? '' : next;
}

/** Props of a NumberInput bound to one field of the form. */
export function numberInputProps(form: JobFormState, field: JobFormField): Partial<NumberInputProps> {
  const props = form.getInputProps(field);
  return {
    ...props,
    id: fieldId(field),
    allowNegative: false,
    clampBehavior: 'none',
    onChange: (value: number | string) => props.onChange(toAmount(value)),
  };
}

/** One titled card of the form. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `job-form-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} shadow="xs" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {description && (
            <Text fz="sm" c="gray.7">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
