import { formatDate, formatMoney, formatRate, formatWeeks, localIsoDate, pluralize } from '@domain/shared/format';
import { US_STATES } from '@domain/accounts/us-states';
import {
  JOB_FORM_LIMITS,
  LODGING_FREQUENCIES,
  ROLE_TYPES,
  SUPERVISION_TYPES,
  suggestedEndDate,
  type LodgingFrequency,
  type RoleType,
  type SupervisionType,
} from '@domain/postings';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  type NumberInputProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCalculator, IconInfoCircle } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { errorMessage, isApiError } from '@/lib/api-client';
import type { FacilityJobPosting } from '@/types/api';

import { useProcedureTypes } from '../api/get-procedure-types';
import { LODGING_FREQUENCY_LABELS, SUPERVISION_LABELS, WEEK_DAYS } from '../lib/labels';
import {
  emptyJobForm,
  estimateContract,
  jobFormFromPosting,
  jobFormValidator,
  parseJobForm,
  serverFieldErrors,
  type JobFormContext,
  type JobFormField,
  type JobFormValues,
  type JobPostingPayload,
} from '../lib/job-form-values';

import classes from './postings.module.css';

export const SAVE_FAILED = 'Failed to save job posting';

/** Order of the fields on screen: the first invalid one gets the focus. */
const FIELD_ORDER: JobFormField[] = [
  'title',
  'role_type',
  'required_license_state',
  'start_date',
  'end_date',
  'week_days',
  'days_per_week',
  'hours_per_day',
  'on_call_ratio',
  'hourly_rate',
  'malpractice_amount',
  'lodging_amount',
  'lodging_frequency',
  'travel_allowance_amount',
  'procedure_type_ids',
  'supervision_type',
  'expiration_date',
];

const fieldId = (field: JobFormField) => `job-form-${field.replace(/_/g, '-')}`;

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/** The long lists render once, not on every keystroke elsewhere in the form. */
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

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
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

export interface JobFormProps {
  /** The posting being edited; none for a new one. */
  posting?: FacilityJobPosting;
  /** Where Cancel goes: /dashboard (new) or /jobs/{id} (edit). */
  cancelTo: string;
  submitLabel: string;
  /** Sends the payload; rejects with the ApiError of a failed save. */
  onSubmit: (payload: JobPostingPayload) => Promise<unknown>;
}

/** The job form (part 1 §5): every field and rule of the shared jobPostingSchema. */
export function JobForm({ posting, cancelTo, submitLabel, onSubmit }: JobFormProps) {
  const isNew = !posting;
  const [initialValues] = useState<JobFormValues>(() => (posting ? jobFormFromPosting(posting) : emptyJobForm()));
  const context = useCallback(
    (): JobFormContext => ({
      today: localIsoDate(new Date()),
      existingStartDate: posting?.start_date ?? null,
      isNew,
      expiryEditable: !posting || posting.published_at === null,
      initialExpirationDate: initialValues.expiration_date,
    }),
    [posting, isNew, initialValues],
  );
  // A stable validator keeps the form's callbacks stable, so memoised fields skip re-renders.
  const validate = useMemo(() => jobFormValidator(context), [context]);
  const form = useForm<JobFormValues>({ initialValues, validate, validateInputOnBlur: true });
  const { setFieldValue, validateField } = form;
  const setLicenseState = useCallback((value: string | null) => setFieldValue('required_license_state', value ?? ''), [setFieldValue]);
  const validateLicenseState = useCallback(() => validateField('required_license_state'), [validateField]);
  const setProcedureTypes = useCallback((ids: number[]) => setFieldValue('procedure_type_ids', ids), [setFieldValue]);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const procedureTypes = useProcedureTypes();
  const procedureOptions = useMemo(
    () => (procedureTypes.data ?? []).map((type) => ({ value: type.id, label: type.name })),
    [procedureTypes.data],
  );

  const focusField = (field: JobFormField | undefined) => {
    if (!field) return;
    const element = document.getElementById(fieldId(field));
    const target = element?.matches('input, select, textarea, button') ? element : element?.querySelector<HTMLElement>('input, button');
    target?.focus();
  };
  const firstInvalid = (errors: Partial<Record<string, unknown>>) => FIELD_ORDER.find((field) => errors[field]);

  const submit = form.onSubmit(
    async (values) => {
      const parsed = parseJobForm(values, context());
      if (!parsed.ok) {
        form.setErrors(parsed.errors);
        focusField(firstInvalid(parsed.errors));
        return;
      }
      setFailure(null);
      setSubmitting(true);
      try {
        await onSubmit(parsed.payload);
      } catch (error) {
        if (isApiError(error) && error.status === 422 && Array.isArray(error.detail)) {
          const { fields, other } = serverFieldErrors(error.detail);
          form.setErrors(fields);
          setFailure(other.length > 0 ? other.join(' ') : `${SAVE_FAILED}. Please correct the highlighted fields.`);
          const first = firstInvalid(fields);
          if (first) focusField(first);
          else failureRef.current?.focus();
        } else {
          setFailure(errorMessage(error, SAVE_FAILED));
          // Let the alert render, then bring it into view.
          setTimeout(() => failureRef.current?.focus(), 0);
        }
      } finally {
        setSubmitting(false);
      }
    },
    (errors) => focusField(firstInvalid(errors)),
  );

  /** NumberInput hands over '' when empty and a string while a number is half typed. */
  const numberProps = (field: JobFormField): Partial<NumberInputProps> => {
    const props = form.getInputProps(field);
    return {
      ...props,
      id: fieldId(field),
      allowNegative: false,
      clampBehavior: 'none',
      onChange: (value: number | string) => {
        const next = typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value);
        props.onChange(typeof next === 'number' && !Number.isFinite(next) ? '' : next);
      },
    };
  };

  const values = form.values;
  const estimate = estimateContract(values);
  const hasLodging = typeof values.lodging_amount === 'number' && values.lodging_amount > 0;
  const weeks = values.start_date && values.end_date ? formatWeeks(values.start_date, values.end_date) : '';
  const expiryEditable = context().expiryEditable;

  return (
    <form onSubmit={submit} noValidate aria-label={isNew ? 'Post new job' : 'Edit job posting'}>
      <Stack gap="lg">
        <Section title="The job" description="What applicants see first in search results.">
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
              value={values.role_type || null}
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
              value={values.required_license_state}
              error={form.errors.required_license_state}
              onChange={setLicenseState}
              onBlur={validateLicenseState}
            />
          </SimpleGrid>
        </Section>

        <Section title="Schedule" description="Choosing a start date fills in an end date a week later; adjust it as needed.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              size="sm"
              id={fieldId('start_date')}
              type="date"
              label="Start date"
              withAsterisk
              min={posting?.start_date && posting.start_date < localIsoDate(new Date()) ? posting.start_date : localIsoDate(new Date())}
              {...form.getInputProps('start_date')}
              onChange={(event) => {
                const start = event.currentTarget.value;
                form.setFieldValue('start_date', start);
                const end = suggestedEndDate(start, form.getValues().end_date || null);
                if (end !== null && end !== form.getValues().end_date) form.setFieldValue('end_date', end);
              }}
            />
            <TextInput
              size="sm"
              id={fieldId('end_date')}
              type="date"
              label="End date"
              withAsterisk
              min={values.start_date || undefined}
              description={weeks ? `${weeks}, counting the first and the last day` : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('end_date')}
            />
          </SimpleGrid>
          <Checkbox.Group
            id={fieldId('week_days')}
            label="Working days"
            description="Leave all unchecked if any days of the week will do."
            value={values.week_days.map(String)}
            onChange={(selected) => {
              const days = selected.map(Number).sort((a, b) => a - b);
              form.setFieldValue('week_days', days);
              if (days.length > 0) form.setFieldValue('days_per_week', days.length);
            }}
            error={form.errors.week_days}
          >
            <Group gap="md" mt={8}>
              {WEEK_DAYS.map((day) => (
                <Checkbox key={day.value} value={String(day.value)} label={day.short} aria-label={day.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <NumberInput
              label="Days per week"
              withAsterisk
              min={JOB_FORM_LIMITS.daysPerWeek.min}
              max={JOB_FORM_LIMITS.daysPerWeek.max}
              allowDecimal={false}
              {...numberProps('days_per_week')}
            />
            <NumberInput
              label="Hours per day"
              withAsterisk
              min={JOB_FORM_LIMITS.hoursPerDay.min}
              max={JOB_FORM_LIMITS.hoursPerDay.max}
              step={JOB_FORM_LIMITS.hoursPerDay.step}
              decimalScale={1}
              {...numberProps('hours_per_day')}
            />
            <NumberInput
              label="On-call ratio"
              description="On call every N days; empty: no call"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              min={JOB_FORM_LIMITS.onCallRatio.min}
              max={JOB_FORM_LIMITS.onCallRatio.max}
              allowDecimal={false}
              placeholder="No call"
              {...numberProps('on_call_ratio')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Pay and allowances" description="The hourly rate applicants bid on, and what you add on top.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Hourly rate"
              description="Whole dollars per hour"
              withAsterisk
              prefix="$"
              thousandSeparator=","
              min={JOB_FORM_LIMITS.minHourlyRate}
              decimalScale={2}
              {...numberProps('hourly_rate')}
            />
            <NumberInput
              label="Malpractice"
              description="Dollars per hour, if you cover it"
              prefix="$"
              decimalScale={2}
              min={0}
              placeholder="Not provided"
              {...numberProps('malpractice_amount')}
            />
            <NumberInput
              label="Lodging allowance"
              prefix="$"
              thousandSeparator=","
              decimalScale={2}
              min={0}
              placeholder="None"
              {...numberProps('lodging_amount')}
              onChange={(value) => {
                const amount = typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value);
                const next = typeof amount === 'number' && !Number.isFinite(amount) ? '' : amount;
                form.setFieldValue('lodging_amount', next);
                // The frequency only means something with an amount: clear it with the amount.
                if (next === '' || next === 0) form.setFieldValue('lodging_frequency', '');
              }}
            />
            {hasLodging ? (
              <Select
                id={fieldId('lodging_frequency')}
                label="Lodging paid"
                placeholder="Weekly or monthly"
                withAsterisk
                data={LODGING_FREQUENCIES.map((value) => ({ value, label: LODGING_FREQUENCY_LABELS[value] }))}
                value={values.lodging_frequency || null}
                onChange={(value) => form.setFieldValue('lodging_frequency', (value ?? '') as LodgingFrequency | '')}
                error={form.errors.lodging_frequency}
              />
            ) : (
              <Box visibleFrom="sm" />
            )}
            <NumberInput
              label="Travel allowance"
              prefix="$"
              thousandSeparator=","
              decimalScale={2}
              min={0}
              placeholder="None"
              {...numberProps('travel_allowance_amount')}
            />
          </SimpleGrid>
          <Box aria-live="polite">
            {estimate ? (
              <Paper bg="tenens.0" p="md" radius="md" withBorder style={{ borderColor: 'var(--mantine-color-tenens-2)' }}>
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <IconCalculator size={24} stroke={1.6} color="var(--mantine-color-tenens-8)" aria-hidden />
                  <Stack gap={2}>
                    <Text className={classes.factLabel}>Estimated contract value</Text>
                    <Text fz={26} fw={700} c="gray.9" lh={1.2} data-testid="contract-value">
                      {formatMoney(estimate.value)}
                    </Text>
                    <Text fz="xs" c="gray.7">
                      {pluralize(Number(values.hours_per_day), 'hour')} × {formatRate(Math.round(Number(values.hourly_rate)))} ×{' '}
                      {pluralize(estimate.workingDays, 'working day')}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            ) : (
              <Text fz="sm" c="gray.6">
                The estimated contract value appears once the dates, days per week, hours per day and rate are filled in.
              </Text>
            )}
          </Box>
        </Section>

        <Section title="Clinical details" description="Optional, but they help the right applicants find the job.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ProcedureTypesSelect
              value={values.procedure_type_ids}
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
              value={values.supervision_type || null}
              onChange={(value) => form.setFieldValue('supervision_type', (value ?? '') as SupervisionType | '')}
              error={form.errors.supervision_type}
            />
          </SimpleGrid>
        </Section>

        <Section title="Listing" description="How long the posting takes applications.">
          {expiryEditable ? (
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
              min={localIsoDate(new Date())}
              maw={{ sm: 420 }}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('expiration_date')}
            />
          ) : (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconInfoCircle size={20} stroke={1.75} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text fz="sm" c="gray.8">
                Expires {formatDate(posting?.auto_expire_date)}. A published posting runs until the end of its paid period, so this date
                cannot be changed here.
              </Text>
            </Group>
          )}
        </Section>

        {failure && (
          <Alert
            ref={failureRef}
            tabIndex={-1}
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={20} />}
            title="Could not save"
          >
            {failure}
          </Alert>
        )}

        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          <Text fz="sm" c="gray.7" maw={420}>
            {isNew ? 'The posting is saved as a draft. You can review it and publish it next.' : null}
          </Text>
          <Group gap="sm">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
        <Text fz="xs" c="gray.6">
          Fields marked{' '}
          <Text span c="red.8">
            *
          </Text>{' '}
          are required.
        </Text>
      </Stack>
    </form>
  );
}
