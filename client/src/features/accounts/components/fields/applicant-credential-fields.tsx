import { localIsoDate } from '@domain/shared/format';
import type { ApplicantRoleType } from '@domain/accounts/constants';
import { normalizeLinkedIn } from '@domain/accounts/links';
import { Checkbox, Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import type { AvailabilityCheck } from '../../lib/availability';
import { ROLE_TYPE_OPTIONS } from '../../lib/options';
import type { ApplicantCredentialValues } from '../../lib/profile-values';
import { normalizedOnLeave } from '../../lib/schema-form';
import { CheckedTextInput, NpiInput } from './checked-text-input';
import { CalendarDateInput } from './date-input';
import { SegmentedField } from './segmented-field';
import { UsStateSelect } from './us-state-select';

export interface ApplicantCredentialFieldsProps {
  form: UseFormReturnType<ApplicantCredentialValues>;
  /** The breakpoint from which the license and experience fields stand two to a row. */
  pairsFrom: 'xs' | 'sm';
  /** Registration checks that the license and the NPI are still free; the profile does not. */
  licenseCheck?: AvailabilityCheck;
  npiCheck?: AvailabilityCheck;
}

/**
 * An applicant's role, license, experience start, NPI, LinkedIn profile and malpractice cover, as
 * registration and the profile both ask for them (LinkedIn normalized when the field is left).
 */
export function ApplicantCredentialFields({ form, pairsFrom, licenseCheck, npiCheck }: ApplicantCredentialFieldsProps) {
  const span = pairsFrom === 'xs' ? { base: 12, xs: 6 } : { base: 12, sm: 6 };
  return (
    <>
      <SegmentedField
        label="Role"
        data={ROLE_TYPE_OPTIONS}
        value={form.values.role_type}
        onChange={(role) => form.setFieldValue('role_type', role as ApplicantRoleType)}
        error={form.errors.role_type}
      />
      <Grid gap="md">
        <Grid.Col span={span}>
          <CheckedTextInput
            label="License number"
            aria-required
            {...form.getInputProps('license_number')}
            check={licenseCheck}
            availableLabel="This license is available"
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <UsStateSelect label="License state" aria-required {...form.getInputProps('license_state')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <CalendarDateInput label="License expiration date" aria-required {...form.getInputProps('license_expires_at')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <CalendarDateInput
            label="Experience start date"
            aria-required
            max={localIsoDate(new Date())}
            {...form.getInputProps('experience_started_at')}
          />
        </Grid.Col>
      </Grid>
      <NpiInput description="Your 10-digit National Provider Identifier." aria-required {...form.getInputProps('npi')} check={npiCheck} />
      <TextInput
        label="LinkedIn profile"
        description="Optional. Your username or profile link."
        placeholder="linkedin.com/in/your-name"
        {...normalizedOnLeave(form, 'linkedin_profile', normalizeLinkedIn)}
      />
      <Checkbox
        label="I carry my own malpractice insurance"
        description="Facilities see this when you bid on their jobs."
        {...form.getInputProps('malpractice_provided', { type: 'checkbox' })}
      />
    </>
  );
}
