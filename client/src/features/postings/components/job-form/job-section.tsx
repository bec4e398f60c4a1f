import { US_STATES } from '@domain/accounts/us-states';
import { JOB_FORM_LIMITS, ROLE_TYPES, type RoleType } from '@domain/postings';
import { Group, NumberInput, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { memo, useCallback, type ReactNode } from 'react';

import { fieldId, FormSection, numberInputProps, type JobFormState } from './form-section';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/** The long list renders once, not on every keystroke elsewhere in the form. */
const LicenseStateSelect = memo(function LicenseStateSelect({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  error: ReactNode;
  onChange: (value: string | null) => void;
  onBlur: () => void;
}) {
  return (
    <Select
      id={fieldId('required_license_state')}
      label="Required license state"
      placeholder="Choose a state"
      withAsterisk
      searchable
      data={STATE_OPTIONS}
      nothingFoundMessage="No such state"
      value={value || null}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
});

/** Title, role and the license state the job requires. */
export function JobSection({ form }: { form: JobFormState }) {
  const { setFieldValue, validateField } = form;
  const setLicenseState = useCallback((value: string | null) => setFieldValue('required_license_state', value ?? ''), [setFieldValue]);
  const validateLicenseState = useCallback(() => validateField('required_license_state'), [validateField]);

  return (
    <FormSection title="The job" description="What applicants see first in search results.">
      <TextInput
        size="sm"
        id={fieldId('title')}
        label="Job title"
        placeholder="e.g. CRNA for a busy ambulatory surgery center"
        withAsterisk
        maxLength={JOB_FORM_LIMITS.titleMaxLength}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Radio.Group
          id={fieldId('role_type')}
          label="Role"
          withAsterisk
          value={form.values.role_type || null}
          onChange={(value) => form.setFieldValue('role_type', value as RoleType)}
          error={form.errors.role_type}
        >
          <Group gap="lg" mt={8}>
            {ROLE_TYPES.map((role) => (
              <Radio key={role} value={role} label={role} />
            ))}
          </Group>
        </Radio.Group>
        <LicenseStateSelect
          value={form.values.required_license_state}
          error={form.errors.required_license_state}
          onChange={setLicenseState}
          onBlur={validateLicenseState}
        />
        <NumberInput
          label="Openings"
          description="How many people you hire for this job. When that many are connected, the posting is filled: it leaves search and the other bids close."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          min={JOB_FORM_LIMITS.openings.min}
          max={JOB_FORM_LIMITS.openings.max}
          allowDecimal={false}
          {...numberInputProps(form, 'openings')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
