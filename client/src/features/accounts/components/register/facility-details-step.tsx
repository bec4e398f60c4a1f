import { FACILITY_TYPES } from '@domain/accounts/constants';
import { normalizeWebsite } from '@domain/accounts/links';
import { facilityDetailsSchema, type FacilityDetails } from '@domain/accounts/registration';
import { Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { useNpiAvailability } from '../../lib/availability';
import { normalizedOnLeave, submitWhenValid } from '../../lib/schema-form';
import { NpiInput } from '../fields/checked-text-input';
import { FacilityAddressFields, WebsiteInput } from '../fields/facility-contact-fields';

import { DetailsActions } from './details-actions';
import formClasses from '../forms.module.css';

export interface FacilityStepValues extends Record<string, unknown> {
  name: string;
  facility_type: string | null;
  npi: string;
  website: string;
  address_line1: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
}

export const emptyFacilityStep: FacilityStepValues = {
  name: '',
  facility_type: null,
  npi: '',
  website: '',
  address_line1: '',
  city: '',
  state: '',
  zip_code: '',
  phone: '',
};

export interface FacilityDetailsStepProps {
  form: UseFormReturnType<FacilityStepValues>;
  submitting: boolean;
  failure: string | null;
  onFailure: (message: string | null) => void;
  onBack: () => void;
  onSubmit: (details: FacilityDetails) => void;
}

/** Registration step 2 for a facility: its name, type, NPI, website, address and phone. */
export function FacilityDetailsStep({ form, submitting, failure, onFailure, onBack, onSubmit }: FacilityDetailsStepProps) {
  const npiCheck = useNpiAvailability(form.values.npi);
  const submit = submitWhenValid(form, facilityDetailsSchema, { blocked: Boolean(npiCheck.problem), onFailure, onValid: onSubmit });

  return (
    <form className={formClasses.form} noValidate aria-label="Facility details" onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Facility name" autoComplete="organization" aria-required {...form.getInputProps('name')} />
        <Select
          size="md"
          label="Facility type"
          placeholder="Choose a type"
          data={[...FACILITY_TYPES]}
          aria-required
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('facility_type')}
        />
        <NpiInput
          description="Your facility's 10-digit National Provider Identifier."
          aria-required
          {...form.getInputProps('npi')}
          check={npiCheck}
        />
        <WebsiteInput {...normalizedOnLeave(form, 'website', normalizeWebsite)} />
        <FacilityAddressFields inputProps={form.getInputProps} />

        <DetailsActions failure={failure} submitting={submitting} onBack={onBack} />
      </Stack>
    </form>
  );
}
