import { Button, Collapse, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconChevronUp } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';

import {
  ACTIVE_FILTER_OPTIONS,
  applicantFilterSummary,
  EMPTY_APPLICANT_FILTERS,
  LICENSE_EXPIRY_FILTER_OPTIONS,
  VERIFICATION_FILTER_OPTIONS,
  type ActiveFilter,
  type ApplicantFilters,
  type LicenseExpiryFilter,
  type VerificationFilter,
} from '../lib/filters';

/** The filters typed as text, in the panel's order. */
const TEXT_FILTERS: { key: 'name' | 'location' | 'licenseState'; label: string; placeholder: string }[] = [
  { key: 'name', label: 'Applicant name', placeholder: 'e.g. Sam Rivera' },
  { key: 'location', label: 'Location', placeholder: 'City or state' },
  { key: 'licenseState', label: 'License state', placeholder: 'e.g. CA' },
];

export interface ApplicantFiltersPanelProps {
  /** The filters the list applies now. */
  applied: ApplicantFilters;
  onApply: (filters: ApplicantFilters) => void;
}

/**
 * The applicants' search: a one-line summary of the applied filters with a modify/hide toggle,
 * and the panel (name, location, license state, verification, active) that applies on 'Apply
 * filters'; 'Clear all' resets and applies at once.
 */
export function ApplicantFiltersPanel({ applied, onApply }: ApplicantFiltersPanelProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ApplicantFilters>(applied);
  const panelId = useId();

  // The panel shows what is applied whenever it is opened again.
  useEffect(() => {
    if (!open) setDraft(applied);
  }, [open, applied]);

  const set = (change: Partial<ApplicantFilters>) => setDraft((previous) => ({ ...previous, ...change }));

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap={6} wrap="wrap" aria-label="Current search" role="group">
          <Text fz="sm" fw={600} mr={4}>
            Search:
          </Text>
          {applicantFilterSummary(applied).map(({ label, value }) => (
            <Text
              key={label}
              fz="xs"
              c="gray.8"
              bg="white"
              px={8}
              py={2}
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 999,
                whiteSpace: 'nowrap',
                maxWidth: '100%',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {label}:{' '}
              <Text span inherit fw={700}>
                {value}
              </Text>
            </Text>
          ))}
        </Group>
        <Button
          variant={open ? 'subtle' : 'light'}
          size="xs"
          leftSection={open ? <IconChevronUp size={16} /> : <IconAdjustmentsHorizontal size={16} />}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={panelId}
        >
          {open ? 'Hide filters' : 'Modify filters'}
        </Button>
      </Group>

      <Collapse expanded={open} id={panelId}>
        <form
          aria-label="Filter applicants"
          onSubmit={(event) => {
            event.preventDefault();
            onApply(draft);
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm" mt="md">
            {TEXT_FILTERS.map(({ key, label, placeholder }) => (
              <TextInput
                key={key}
                label={label}
                placeholder={placeholder}
                value={draft[key]}
                onChange={(event) => set({ [key]: event.currentTarget.value })}
                size="sm"
              />
            ))}
            <Select
              label="Verification status"
              data={VERIFICATION_FILTER_OPTIONS}
              value={draft.verification}
              onChange={(value) => set({ verification: (value ?? 'all') as VerificationFilter })}
              allowDeselect={false}
              size="sm"
            />
            <Select
              label="Active status"
              description="Active means verified"
              data={ACTIVE_FILTER_OPTIONS}
              value={draft.active}
              onChange={(value) => set({ active: (value ?? 'all') as ActiveFilter })}
              allowDeselect={false}
              size="sm"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Select
              label="License expiry"
              data={LICENSE_EXPIRY_FILTER_OPTIONS}
              value={draft.licenseExpiry}
              onChange={(value) => set({ licenseExpiry: (value ?? 'all') as LicenseExpiryFilter })}
              allowDeselect={false}
              size="sm"
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="md">
            <Button
              variant="default"
              size="sm"
              onClick={() => {
                setDraft(EMPTY_APPLICANT_FILTERS);
                onApply(EMPTY_APPLICANT_FILTERS);
              }}
            >
              Clear all
            </Button>
            <Button type="submit" size="sm">
              Apply filters
            </Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
