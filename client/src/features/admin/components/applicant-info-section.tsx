import { addressLines, formatCalendarDate, formatRateRange, personName, pluralize } from '@domain/shared/format';
import { experienceYears } from '@domain/bids';
import { APPLICANT_ROLE_TYPES } from '@domain/accounts/constants';
import { applicantProfileSchema } from '@domain/accounts/profiles';
import { Anchor, Divider, NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { zod4Resolver } from 'mantine-form-zod-resolver';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { useUpdateAdminApplicant } from '../api/update-applicant';
import { applicantFormValues, type ApplicantFormValues } from '../lib/forms';
import { adminMessages } from '../lib/messages';

import { STATE_OPTIONS } from './facility-info-section';
import { EditableSection, useRecordEditor } from './editable-section';
import { Field, FieldList } from './section-card';

const FREQUENCY_OPTIONS = [
  { value: '7', label: 'Weekly' },
  { value: '1', label: 'Daily' },
];

function SubHeading({ children }: { children: string }) {
  return (
    <Divider
      label={
        <Text fz="xs" fw={700} tt="uppercase" lts={0.6} c="gray.7" component="h3" m={0}>
          {children}
        </Text>
      }
      labelPosition="left"
      my={4}
    />
  );
}

/** The applicant's details: read view, or the edit form (Save: PUT /admin/applicants/{id}; Cancel: back to the loaded record). */
export function ApplicantInfoSection({ applicant }: { applicant: ApplicantView }) {
  const update = useUpdateAdminApplicant();
  const editor = useRecordEditor<ApplicantFormValues>({
    loaded: () => applicantFormValues(applicant),
    validate: zod4Resolver(applicantProfileSchema),
  });
  const { form } = editor;
  const save = form.onSubmit((values) => {
    const profile = applicantProfileSchema.parse(values);
    update.mutate(
      { id: applicant.id, profile },
      {
        onSuccess: () => {
          notifySuccess(adminMessages.applicantUpdated);
          editor.done();
        },
        onError: (error) => notifyError(errorMessage(error, adminMessages.applicantUpdateFailed)),
      },
    );
  });

  const years = applicant.experience_started_at ? experienceYears(applicant.experience_started_at, new Date()) : null;

  return (
    <EditableSection
      title="Applicant Details"
      formLabel="Edit applicant"
      editor={editor}
      saving={update.isPending}
      onSave={save}
      fields={
        <>
          <SubHeading>Identity and license</SubHeading>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="First name" required size="sm" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required size="sm" {...form.getInputProps('last_name')} />
            <Select
              label="Role"
              required
              data={[...APPLICANT_ROLE_TYPES]}
              allowDeselect={false}
              size="sm"
              {...form.getInputProps('role_type')}
            />
            <TextInput label="NPI" required size="sm" inputMode="numeric" maxLength={10} {...form.getInputProps('npi')} />
            <TextInput label="License number" required size="sm" {...form.getInputProps('license_number')} />
            <Select label="License state" required searchable data={STATE_OPTIONS} size="sm" {...form.getInputProps('license_state')} />
            <TextInput label="License expires" required type="date" size="sm" {...form.getInputProps('license_expires_at')} />
            <TextInput label="Experience since" required type="date" size="sm" {...form.getInputProps('experience_started_at')} />
            <TextInput
              label="LinkedIn profile"
              size="sm"
              placeholder="linkedin.com/in/username"
              {...form.getInputProps('linkedin_profile')}
            />
          </SimpleGrid>
          <Switch
            label="Provides own malpractice insurance"
            size="sm"
            {...form.getInputProps('malpractice_provided', { type: 'checkbox' })}
          />
          <TagsInput
            label="Certifications"
            description="Press Enter after each one"
            size="sm"
            clearable
            {...form.getInputProps('certifications')}
          />

          <SubHeading>Preferences</SubHeading>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <NumberInput
              label="Minimum hourly rate"
              prefix="$"
              min={0}
              allowDecimal={false}
              size="sm"
              {...form.getInputProps('hourly_rate_min')}
            />
            <NumberInput
              label="Maximum hourly rate"
              prefix="$"
              min={0}
              allowDecimal={false}
              size="sm"
              {...form.getInputProps('hourly_rate_max')}
            />
            <NumberInput
              label="Travel radius (miles)"
              min={1}
              allowDecimal={false}
              size="sm"
              {...form.getInputProps('preferred_radius_miles')}
            />
            <Select
              label="Job alert emails"
              data={FREQUENCY_OPTIONS}
              allowDeselect={false}
              size="sm"
              value={String(form.values.job_search_frequency_days)}
              onChange={(value) => form.setFieldValue('job_search_frequency_days', value === '1' ? 1 : 7)}
              error={form.errors.job_search_frequency_days}
            />
          </SimpleGrid>

          <SubHeading>Address</SubHeading>
          <TextInput label="Street address" size="sm" {...form.getInputProps('address_line1')} />
          <TextInput label="Address line 2" size="sm" {...form.getInputProps('address_line2')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput label="City" size="sm" {...form.getInputProps('city')} />
            <Select label="State" searchable clearable data={STATE_OPTIONS} size="sm" {...form.getInputProps('state')} />
            <TextInput label="ZIP code" size="sm" {...form.getInputProps('zip_code')} />
          </SimpleGrid>
          <Textarea label="Bio" autosize minRows={3} maxRows={10} size="sm" {...form.getInputProps('bio')} />
        </>
      }
    >
      <Stack gap="lg">
        <FieldList>
          <Field label="Name">{personName(applicant)}</Field>
          <Field label="Role">{applicant.role_type}</Field>
          <Field label="License">
            {applicant.license_number && `${applicant.license_number}${applicant.license_state ? ` (${applicant.license_state})` : ''}`}
          </Field>
          <Field label="License expires">{formatCalendarDate(applicant.license_expires_at)}</Field>
          <Field label="NPI">{applicant.npi}</Field>
          <Field label="Experience">
            {years !== null && `${pluralize(years, 'year')} (since ${formatCalendarDate(applicant.experience_started_at)})`}
          </Field>
          <Field label="LinkedIn">
            {applicant.linkedin_profile && (
              <Anchor href={applicant.linkedin_profile} target="_blank" rel="noopener noreferrer" fz="sm">
                {applicant.linkedin_profile.replace(/^https?:\/\/(www\.)?/, '')}
              </Anchor>
            )}
          </Field>
          <Field label="Malpractice insurance">{applicant.malpractice_provided ? 'Provides own' : 'Not provided by applicant'}</Field>
          <Field label="Certifications" span>
            {applicant.certifications?.length ? applicant.certifications.join(', ') : ''}
          </Field>
          <Field label="Hourly rate">{formatRateRange(applicant.hourly_rate_min, applicant.hourly_rate_max)}</Field>
          <Field label="Travel radius">{applicant.preferred_radius_miles ? `${applicant.preferred_radius_miles} miles` : ''}</Field>
          <Field label="Job alert emails">{Number(applicant.job_search_frequency_days) === 1 ? 'Daily' : 'Weekly'}</Field>
          <Field label="Address">
            {addressLines(applicant).length > 0 &&
              addressLines(applicant).map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
          </Field>
          <Field label="Bio" span>
            {applicant.bio && <span style={{ whiteSpace: 'pre-line' }}>{applicant.bio}</span>}
          </Field>
        </FieldList>
      </Stack>
    </EditableSection>
  );
}
