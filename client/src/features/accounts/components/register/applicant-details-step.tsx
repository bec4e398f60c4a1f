import { JOB_SEARCH_FREQUENCY } from '@domain/accounts/constants';
import { licenseTaken } from '@domain/accounts/messages';
import { applicantDetailsSchema, type ApplicantDetails } from '@domain/accounts/registration';
import { isUsState } from '@domain/accounts/us-states';
import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { licenseAvailabilityQueryOptions } from '../../api/check-license-availability';
import { availabilityProblem, useAvailabilityCheck, useNpiAvailability } from '../../lib/availability';
import { FREQUENCY_OPTIONS } from '../../lib/options';
import type { ApplicantCredentialValues } from '../../lib/profile-values';
import { submitWhenValid } from '../../lib/schema-form';
import { ApplicantCredentialFields } from '../fields/applicant-credential-fields';
import { SegmentedField } from '../fields/segmented-field';

import { DetailsActions } from './details-actions';
import formClasses from '../forms.module.css';

export interface ApplicantStepValues extends ApplicantCredentialValues {
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
  const npiCheck = useNpiAvailability(values.npi);
  const licenseState = useAvailabilityCheck(licenseSubject(values.license_number, values.license_state), licenseQuery);
  const licenseCheck = {
    state: licenseState,
    problem: availabilityProblem(licenseState, licenseTaken(values.license_state ?? '', values.license_number.trim())),
  };

  const submit = submitWhenValid(form, applicantDetailsSchema, {
    blocked: Boolean(npiCheck.problem || licenseCheck.problem),
    onFailure,
    onValid: onSubmit,
  });

  return (
    <form className={formClasses.form} noValidate aria-label="Professional details" onSubmit={submit}>
      <Stack gap="md">
        <ApplicantCredentialFields form={form} pairsFrom="xs" licenseCheck={licenseCheck} npiCheck={npiCheck} />

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
