import type { FacilityPostingView } from '@domain/postings';
import { localIsoDate } from '@domain/shared/format';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { errorMessage, isApiError } from '@/lib/api-client';

import {
  emptyJobForm,
  jobFormFromPosting,
  jobFormValidator,
  parseJobForm,
  serverFieldErrors,
  type JobFormContext,
  type JobFormField,
  type JobFormValues,
  type JobPostingPayload,
} from '../lib/job-form-values';

import { ClinicalSection } from './job-form/clinical-section';
import { fieldId } from './job-form/form-section';
import { JobSection } from './job-form/job-section';
import { ListingSection } from './job-form/listing-section';
import { PaySection } from './job-form/pay-section';
import { ScheduleSection } from './job-form/schedule-section';

export const SAVE_FAILED = 'Failed to save job posting';

/** Order of the fields on screen: the first invalid one gets the focus. */
const FIELD_ORDER: JobFormField[] = [
  'title',
  'role_type',
  'required_license_state',
  'openings',
  'start_date',
  'end_date',
  'week_days',
  'days_per_week',
  'hours_per_day',
  'on_call_ratio',
  'hourly_rate',
  'malpractice_amount',
  'travel_allowance_amount',
  'lodging_amount',
  'lodging_frequency',
  'procedure_type_ids',
  'supervision_type',
  'expiration_date',
];

export interface JobFormProps {
  /** The posting being edited; none for a new one. */
  posting?: FacilityPostingView;
  /** Where Cancel goes: /dashboard (new) or /jobs/{id} (edit). */
  cancelTo: string;
  submitLabel: string;
  /** Sends the payload; rejects with the ApiError of a failed save. */
  onSubmit: (payload: JobPostingPayload) => Promise<unknown>;
  /** What the market agreed on for the job as typed so far, shown beside the hourly rate. */
  rateInsight?: (job: RateInsightJob) => ReactNode;
}

/** The fields a market rate insight needs, as the form holds them. */
export interface RateInsightJob {
  roleType: JobFormValues['role_type'];
  state: string;
  hourlyRate: number | null;
}

/** The job form (part 1 §5): every field and rule of the shared jobPostingSchema, in five sections. */
export function JobForm({ posting, cancelTo, submitLabel, onSubmit, rateInsight }: JobFormProps) {
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
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);

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

  const today = context().today;
  // An edited posting whose start has passed may keep it; anything else starts today or later.
  const earliestStart = posting?.start_date && posting.start_date < today ? posting.start_date : today;

  return (
    <form onSubmit={submit} noValidate aria-label={isNew ? 'Post new job' : 'Edit job posting'}>
      <Stack gap="lg">
        <JobSection form={form} />
        <ScheduleSection form={form} earliestStart={earliestStart} />
        <PaySection
          form={form}
          insight={rateInsight?.({
            roleType: form.values.role_type,
            state: form.values.required_license_state,
            hourlyRate: typeof form.values.hourly_rate === 'number' ? form.values.hourly_rate : null,
          })}
        />
        <ClinicalSection form={form} />
        <ListingSection form={form} isNew={isNew} editable={context().expiryEditable} today={today} expiresAt={posting?.auto_expire_date} />

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
