import { localIsoDate } from '@domain/shared/format';
import { JOB_SEARCH_FREQUENCY, type ApplicantRoleType } from '@domain/accounts/constants';
import { normalizeLinkedIn } from '@domain/accounts/links';
import { accountMessages, licenseTaken, npiTaken } from '@domain/accounts/messages';
import { applicantDetailsSchema, type ApplicantDetails } from '@domain/accounts/registration';
import { isUsState } from '@domain/accounts/us-states';
import { Checkbox, Grid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { licenseAvailabilityQueryOptions } from '../../api/check-license-availability';
import { npiAvailabilityQueryOptions } from '../../api/check-npi-availability';
import { useAvailabilityCheck } from '../../lib/availability';
import { accountPageMessages } from '../../lib/messages';
import { FREQUENCY_OPTIONS, npiSubject, ROLE_TYPE_OPTIONS } from '../../lib/options';
import { validateAll } from '../../lib/schema-form';
import { AvailabilityStatus } from '../fields/availability-status';
import { CalendarDateInput } from '../fields/date-input';
import { SegmentedField } from '../fields/segmented-field';
import { UsStateSelect } from '../fields/us-state-select';

import { DetailsActions } from './details-actions';
import formClasses from '../forms.module.css';

export interface ApplicantStepValues extends Record<string, unknown> {
  role_type: ApplicantRoleType;
  license_number: string;
  license_state: string | null;
  license_expires_at: string;
  npi: string;
  linkedin_profile: string;
  experience_started_at: string;
  malpractice_provided: boolean;
  job_search_frequency_days: number;
}

export const emptyApplicantStep: ApplicantStepValues = {
  role_type: 'CRNA',
  license_number: '',
  license_state: null,
  license_expires_at: '',
  npi: '',
  linkedin_profile: '',
  experience_started_at: '',
  malpractice_provided: false,
  job_search_frequency_days: JOB_SEARCH_FREQUENCY.weekly,
};

// 'CA:12345' while both parts are usable, else nothing to check.
function licenseSubject(number: string, state: string | null): string | null {
  const trimmed = number.trim();
  return trimmed && state && isUsState(state) ? `${state}:${trimmed}` : null;
}

function licenseQuery(subject: string) {
  const separator = subject.indexOf(':');
  return licenseAvailabilityQueryOptions({
    license_state: subject.slice(0, separator),
    license_number: subject.slice(separator + 1),
  });
}

export interface ApplicantDetailsStepProps {
  form: UseFormReturnType<ApplicantStepValues>;
  submitting: boolean;
  failure: string | null;
  onFailure: (message: string | null) => void;
  onBack: () => void;
  onSubmit: (details: ApplicantDetails) => void;
}

/** Registration step 2 for an applicant: role, license, NPI, experience and job alert settings. */
export function ApplicantDetailsStep({ form, submitting, failure, onFailure, onBack, onSubmit }: ApplicantDetailsStepProps) {
  const values = form.values;
  const npi = values.npi.trim();
  const npiState = useAvailabilityCheck(npiSubject(npi), npiAvailabilityQueryOptions);
  const licenseState = useAvailabilityCheck(licenseSubject(values.license_number, values.license_state), licenseQuery);

  const npiProblem = npiState === 'taken' ? npiTaken(npi) : npiState === 'failed' ? accountPageMessages.availabilityCheckFailed : undefined;
  const licenseProblem =
    licenseState === 'taken'
      ? licenseTaken(values.license_state ?? '', values.license_number.trim())
      : licenseState === 'failed'
        ? accountPageMessages.availabilityCheckFailed
        : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const valid = validateAll(form, applicantDetailsSchema);
    if (!valid || npiProblem || licenseProblem) {
      onFailure(accountMessages.fixErrorsBeforeSubmitting);
      return;
    }
    onFailure(null);
    onSubmit(applicantDetailsSchema.parse(form.getValues()));
  };

  const npiInput = form.getInputProps('npi');
  const licenseInput = form.getInputProps('license_number');
  const linkedIn = form.getInputProps('linkedin_profile');

  return (
    <form className={formClasses.form} noValidate aria-label="Professional details" onSubmit={submit}>
      <Stack gap="md">
        <SegmentedField
          label="Role"
          data={ROLE_TYPE_OPTIONS}
          value={values.role_type}
          onChange={(role) => form.setFieldValue('role_type', role as ApplicantRoleType)}
          error={form.errors.role_type}
        />

        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="License number"
              aria-required
              {...licenseInput}
              error={licenseInput.error ?? licenseProblem}
              rightSection={<AvailabilityStatus state={licenseState} availableLabel="This license is available" />}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <UsStateSelect label="License state" aria-required {...form.getInputProps('license_state')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <CalendarDateInput label="License expiration date" aria-required {...form.getInputProps('license_expires_at')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <CalendarDateInput
              label="Experience start date"
              aria-required
              max={localIsoDate(new Date())}
              {...form.getInputProps('experience_started_at')}
            />
          </Grid.Col>
        </Grid>

        <TextInput
          label="NPI number"
          description="Your 10-digit National Provider Identifier."
          inputMode="numeric"
          maxLength={10}
          aria-required
          {...npiInput}
          error={npiInput.error ?? npiProblem}
          rightSection={<AvailabilityStatus state={npiState} availableLabel="This NPI is available" />}
        />
        <TextInput
          label="LinkedIn profile"
          placeholder="linkedin.com/in/your-name"
          description="Optional. Your username or profile link."
          {...linkedIn}
          onBlur={() => {
            form.setFieldValue('linkedin_profile', normalizeLinkedIn(form.getValues().linkedin_profile));
            linkedIn.onBlur?.();
          }}
        />

        <Checkbox
          label="I carry my own malpractice insurance"
          description="Facilities see this when you bid on their jobs."
          {...form.getInputProps('malpractice_provided', { type: 'checkbox' })}
        />

        <SegmentedField
          label="Job alert emails"
          description="How often we email you new jobs that match your search."
          data={FREQUENCY_OPTIONS}
          value={String(values.job_search_frequency_days)}
          onChange={(days) => form.setFieldValue('job_search_frequency_days', Number(days))}
          error={form.errors.job_search_frequency_days}
        />

        <DetailsActions failure={failure} submitting={submitting} onBack={onBack} />
      </Stack>
    </form>
  );
}
