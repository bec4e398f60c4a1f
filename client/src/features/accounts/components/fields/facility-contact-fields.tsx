import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

import { PhoneInput } from './phone-input';
import { StateCodeInput } from './state-code-input';

/** The facility's optional website, typed as a web address. */
export function WebsiteInput(props: TextInputProps) {
  return (
    <TextInput
      label="Website"
      description="Optional."
      placeholder="www.example.com"
      type="url"
      inputMode="url"
      autoComplete="url"
      {...props}
    />
  );
}

type AddressPath = 'address_line1' | 'address_line2' | 'city' | 'state' | 'zip_code' | 'phone';

/** Where a facility is and how to call it: street (and a second line), city, state and ZIP, phone. */
export function FacilityAddressFields({
  inputProps,
  withSecondLine = false,
}: {
  /** The form's input props of a field (with the form's own error wording). */
  inputProps: (path: AddressPath) => GetInputPropsReturnType;
  withSecondLine?: boolean;
}) {
  return (
    <>
      <TextInput label="Street address" autoComplete="address-line1" aria-required {...inputProps('address_line1')} />
      {withSecondLine && (
        <TextInput
          label="Address line 2"
          description="Optional. Suite, building or floor."
          autoComplete="address-line2"
          {...inputProps('address_line2')}
        />
      )}
      <TextInput label="City" autoComplete="address-level2" aria-required {...inputProps('city')} />
      <SimpleGrid cols={2} spacing="md">
        <StateCodeInput label="State" aria-required {...inputProps('state')} />
        <TextInput
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          placeholder="12345"
          aria-required
          {...inputProps('zip_code')}
        />
      </SimpleGrid>
      <PhoneInput label="Phone" aria-required {...inputProps('phone')} />
    </>
  );
}
