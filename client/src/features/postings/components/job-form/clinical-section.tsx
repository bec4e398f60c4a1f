import { SUPERVISION_TYPES, type SupervisionType } from '@domain/postings';
import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { memo, useCallback, useMemo, type ReactNode } from 'react';

import { useProcedureTypes } from '../../api/get-procedure-types';
import { SUPERVISION_LABELS } from '../../lib/labels';

import { fieldId, FormSection, type JobFormState } from './form-section';

/** The long list renders once, not on every keystroke elsewhere in the form. */
const ProcedureTypesSelect = memo(function ProcedureTypesSelect({
  value,
  error,
  options,
  loading,
  onChange,
}: {
  value: number[];
  error: ReactNode;
  options: { value: number; label: string }[];
  loading: boolean;
  onChange: (ids: number[]) => void;
}) {
  return (
    <MultiSelect<number>
      id={fieldId('procedure_type_ids')}
      label="Procedure types"
      placeholder={value.length ? undefined : 'Choose any that apply'}
      searchable
      clearable
      data={options}
      nothingFoundMessage={loading ? 'Loading…' : 'No matching procedure type'}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
});

/** Procedure types and supervision: optional. */
export function ClinicalSection({ form }: { form: JobFormState }) {
  const { setFieldValue } = form;
  const setProcedureTypes = useCallback((ids: number[]) => setFieldValue('procedure_type_ids', ids), [setFieldValue]);
  const procedureTypes = useProcedureTypes();
  const procedureOptions = useMemo(
    () => (procedureTypes.data ?? []).map((type) => ({ value: type.id, label: type.name })),
    [procedureTypes.data],
  );

  return (
    <FormSection title="Clinical details" description="Optional, but they help the right applicants find the job.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ProcedureTypesSelect
          value={form.values.procedure_type_ids}
          error={form.errors.procedure_type_ids}
          options={procedureOptions}
          loading={procedureTypes.isPending}
          onChange={setProcedureTypes}
        />
        <Select
          id={fieldId('supervision_type')}
          label="Supervision"
          placeholder="Not specified"
          clearable
          data={SUPERVISION_TYPES.map((value) => ({ value, label: SUPERVISION_LABELS[value] }))}
          value={form.values.supervision_type || null}
          onChange={(value) => form.setFieldValue('supervision_type', (value ?? '') as SupervisionType | '')}
          error={form.errors.supervision_type}
        />
      </SimpleGrid>
    </FormSection>
  );
}
