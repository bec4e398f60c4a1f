import { FACILITY_TYPES } from '@domain/accounts/constants';
import { normalizeWebsite } from '@domain/accounts/links';
import { accountMessages, npiTaken } from '@domain/accounts/messages';
import { facilityDetailsSchema, type FacilityDetails } from '@domain/accounts/registration';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { npiAvailabilityQueryOptions } from '../../api/check-npi-availability';
import { useAvailabilityCheck } from '../../lib/availability';
import { accountPageMessages } from '../../lib/messages';
import { npiSubject } from '../../lib/options';
import { validateAll } from '../../lib/schema-form';
import { AvailabilityStatus } from '../fields/availability-status';
import { PhoneInput } from '../fields/phone-input';
import { StateCodeInput } from '../fields/state-code-input';

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
  const npi = form.values.npi.trim();
  const npiState = useAvailabilityCheck(npiSubject(npi), npiAvailabilityQueryOptions);
  const npiProblem = npiState === 'taken' ? npiTaken(npi) : npiState === 'failed' ? accountPageMessages.availabilityCheckFailed : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const valid = validateAll(form, facilityDetailsSchema);
    if (!valid || npiProblem) {
      onFailure(accountMessages.fixErrorsBeforeSubmitting);
      return;
    }
    onFailure(null);
    onSubmit(facilityDetailsSchema.parse(form.getValues()));
  };

  const website = form.getInputProps('website');
  const npiInput = form.getInputProps('npi');

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
        <TextInput
          label="NPI number"
          description="Your facility's 10-digit National Provider Identifier."
          inputMode="numeric"
          maxLength={10}
          aria-required
          {...npiInput}
          error={npiInput.error ?? npiProblem}
          rightSection={<AvailabilityStatus state={npiState} availableLabel="This NPI is available" />}
        />
        <TextInput
          label="Website"
          description="Optional."
          placeholder="www.example.com"
          type="url"
          inputMode="url"
          autoComplete="url"
          {...website}
          onBlur={() => {
            form.setFieldValue('website', normalizeWebsite(form.getValues().website));
            website.onBlur?.();
          }}
        />
        <TextInput label="Street address" autoComplete="address-line1" aria-required {...form.getInputProps('address_line1')} />
        <TextInput label="City" autoComplete="address-level2" aria-required {...form.getInputProps('city')} />
        <SimpleGrid cols={2} spacing="md">
          <StateCodeInput label="State" aria-required {...form.getInputProps('state')} />
          <TextInput
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            placeholder="12345"
            aria-required
            {...form.getInputProps('zip_code')}
          />
        </SimpleGrid>
        <PhoneInput label="Phone" aria-required {...form.getInputProps('phone')} />

        <DetailsActions failure={failure} submitting={submitting} onBack={onBack} />
      </Stack>
    </form>
  );
}
