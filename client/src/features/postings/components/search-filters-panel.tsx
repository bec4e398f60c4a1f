import { US_STATES } from '@domain/accounts/us-states';
import { EMPTY_SEARCH_FILTERS, searchFiltersSchema, type ProcedureType, type SearchFilters } from '@domain/postings';
import { Button, Checkbox, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMapPin } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';

import { SUPERVISION_LABELS } from '../lib/labels';
import { ON_CALL_LABELS } from '../lib/search-filters';

export interface SearchFiltersPanelProps {
  id: string;
  /** The filters in force (the panel starts from them). */
  filters: SearchFilters;
  procedureTypes: readonly ProcedureType[] | undefined;
  procedureTypesLoading?: boolean;
  onApply: (filters: SearchFilters) => void;
  onCancel: () => void;
  saving?: boolean;
  /** Signed-in applicants: the filters are saved for next time. */
  savesFilters?: boolean;
}

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/**
 * 'Modify search': location, license state, procedures, on-call, supervision, malpractice. The form
 * starts from `filters`; render it with a key of the filters so a change from outside (saved ones
 * arriving, a chip removed) starts it afresh.
 */
export function SearchFiltersPanel({
  id,
  filters,
  procedureTypes,
  procedureTypesLoading,
  onApply,
  onCancel,
  saving,
  savesFilters,
}: SearchFiltersPanelProps) {
  const form = useForm<SearchFilters>({ initialValues: filters, validate: zod4Resolver(searchFiltersSchema) });

  const submit = form.onSubmit((values) => onApply(searchFiltersSchema.parse(values)));

  return (
    <Paper id={id} withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Stack gap="md">
          <Title order={2} fz="lg" id={`${id}-title`}>
            Modify search
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Location"
              description="City or state"
              placeholder="e.g. San Diego or CA"
              // Opening the panel is asking to edit the search: start at its first field.
              autoFocus
              leftSection={<IconMapPin size={16} stroke={1.75} aria-hidden />}
              size="sm"
              {...form.getInputProps('location')}
            />
            <Select
              label="License state"
              description="The state license the job requires"
              placeholder="Any state"
              data={STATE_OPTIONS}
              searchable
              clearable
              size="sm"
              nothingFoundMessage="No such state"
              value={form.values.license || null}
              onChange={(value) => form.setFieldValue('license', value ?? '')}
              error={form.errors.license}
            />
            <MultiSelect<number>
              label="Procedure types"
              description="Jobs with any of these"
              placeholder={form.values.procedureTypes.length ? undefined : procedureTypesLoading ? 'Loading…' : 'Any procedure'}
              data={(procedureTypes ?? []).map((type) => ({ value: type.id, label: type.name }))}
              searchable
              clearable
              size="sm"
              nothingFoundMessage="No matching procedure type"
              value={form.values.procedureTypes}
              onChange={(value) => form.setFieldValue('procedureTypes', value)}
              error={form.errors.procedureTypes}
            />
            <Select
              label="On call"
              size="sm"
              allowDeselect={false}
              data={Object.entries(ON_CALL_LABELS).map(([value, label]) => ({ value, label }))}
              value={form.values.onCall}
              onChange={(value) => value && form.setFieldValue('onCall', value as SearchFilters['onCall'])}
            />
            <Select
              label="Supervision"
              size="sm"
              allowDeselect={false}
              data={[{ value: 'any', label: 'Any' }, ...Object.entries(SUPERVISION_LABELS).map(([value, label]) => ({ value, label }))]}
              value={form.values.supervision}
              onChange={(value) => value && form.setFieldValue('supervision', value as SearchFilters['supervision'])}
            />
            <Checkbox
              label="Malpractice insurance provided"
              description="Only jobs that pay for malpractice"
              mt={{ base: 0, md: 30 }}
              checked={form.values.malpracticeInsurance === 'provided'}
              onChange={(event) => form.setFieldValue('malpracticeInsurance', event.currentTarget.checked ? 'provided' : 'any')}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button variant="subtle" color="gray" onClick={() => form.setValues(EMPTY_SEARCH_FILTERS)}>
              Clear all
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                {savesFilters ? 'Apply and save' : 'Apply filters'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
