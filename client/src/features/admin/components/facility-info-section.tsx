import { addressLines, displayPhone } from '@domain/shared/format';
import { ADMIN_FACILITY_TYPES } from '@domain/accounts/constants';
import { digitsOnly, formatPhone } from '@domain/accounts/phone';
import { facilityProfileSchema } from '@domain/accounts/profiles';
import { US_STATES } from '@domain/accounts/us-states';
import { Anchor, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { zod4Resolver } from 'mantine-form-zod-resolver';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { FacilityView } from '@domain/facilities/facility-view';

import { useUpdateAdminFacility } from '../api/update-facility';
import { facilityFormValues, phoneInputValue, type FacilityFormValues } from '../lib/forms';
import { adminMessages } from '../lib/messages';

import { EditableSection, useRecordEditor } from './editable-section';
import { Field, FieldList } from './section-card';

export const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.code} — ${state.name}` }));

/** The admin list of facility types, plus the record's own type when it is not in that list. */
function facilityTypeOptions(current: string | null): string[] {
  const types: string[] = [...ADMIN_FACILITY_TYPES];
  return current && !types.includes(current) ? [current, ...types] : types;
}

/** Basic Information: read view, or the edit form (Save: PUT /admin/facilities/{id}; Cancel: back to the loaded record). */
export function FacilityInfoSection({ facility }: { facility: FacilityView }) {
  const update = useUpdateAdminFacility();
  const editor = useRecordEditor<FacilityFormValues>({
    loaded: () => facilityFormValues(facility),
    validate: zod4Resolver(facilityProfileSchema),
  });
  const { form } = editor;
  const save = form.onSubmit((values) => {
    const profile = facilityProfileSchema.parse(values);
    update.mutate(
      { id: facility.id, profile },
      {
        onSuccess: () => {
          notifySuccess(adminMessages.facilityUpdated);
          editor.done();
        },
        onError: (error) => notifyError(errorMessage(error, adminMessages.facilityUpdateFailed)),
      },
    );
  });

  return (
    <EditableSection
      title="Basic Information"
      formLabel="Edit facility"
      editor={editor}
      saving={update.isPending}
      onSave={save}
      fields={
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="Facility name" required size="sm" {...form.getInputProps('name')} />
            <Select
              label="Facility type"
              placeholder="Choose a type"
              data={facilityTypeOptions(facility.facility_type)}
              clearable
              size="sm"
              {...form.getInputProps('facility_type')}
            />
            <TextInput label="NPI" size="sm" inputMode="numeric" maxLength={10} {...form.getInputProps('npi')} />
            <TextInput
              label="Phone"
              required
              size="sm"
              type="tel"
              inputMode="tel"
              placeholder="(555) 123-4567"
              {...form.getInputProps('phone')}
              value={phoneInputValue(form.values.phone, formatPhone)}
              onChange={(event) => form.setFieldValue('phone', digitsOnly(event.currentTarget.value).slice(0, 10))}
            />
            <TextInput label="Website" size="sm" placeholder="https://" {...form.getInputProps('website')} />
          </SimpleGrid>
          <TextInput label="Street address" required size="sm" {...form.getInputProps('address_line1')} />
          <TextInput label="Address line 2" size="sm" {...form.getInputProps('address_line2')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput label="City" required size="sm" {...form.getInputProps('city')} />
            <Select label="State" required searchable data={STATE_OPTIONS} size="sm" {...form.getInputProps('state')} />
            <TextInput label="ZIP code" required size="sm" {...form.getInputProps('zip_code')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={3} maxRows={10} size="sm" {...form.getInputProps('description')} />
        </>
      }
    >
      <FieldList>
        <Field label="Facility name">{facility.name}</Field>
        <Field label="Facility type">{facility.facility_type}</Field>
        <Field label="NPI">{facility.npi}</Field>
        <Field label="Phone">{displayPhone(facility.phone)}</Field>
        <Field label="Website">
          {facility.website && (
            <Anchor href={facility.website} target="_blank" rel="noopener noreferrer" fz="sm">
              {facility.website}
            </Anchor>
          )}
        </Field>
        <Field label="Address">
          {addressLines(facility).length > 0 &&
            addressLines(facility).map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
        </Field>
        <Field label="Description" span>
          {facility.description}
        </Field>
      </FieldList>
    </EditableSection>
  );
}
