import { accountMessages } from '@domain/accounts/messages';
import { applicantProfileSchema } from '@domain/accounts/profiles';
import { APPLICANT_IDENTITY_FIELDS } from '@domain/shared/identity';
import { Anchor, Button, Grid, Group, NumberInput, Paper, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { errorMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { useUpdateApplicantProfile } from '../../api/update-applicant-profile';
import { identityChanges } from '../../lib/identity';
import { applicantProfileValues, type ApplicantProfileFormValues } from '../../lib/profile-values';
import { submitWhenValid, useSchemaForm } from '../../lib/schema-form';
import { ApplicantCredentialFields } from '../fields/applicant-credential-fields';
import { UsStateSelect } from '../fields/us-state-select';
import { FormSection } from '../form-section';
import formClasses from '../forms.module.css';
import { IdentityReviewNotice } from '../identity-review-notice';

import { JobAlertsField } from './job-alerts-field';

/**
 * Every field of the applicant's own profile (part 2 §3 Applicant), judged by the shared
 * applicantProfileSchema, saved with PUT /applicants/profile.
 */
export function ApplicantProfileForm({ profile, onSaved }: { profile: ApplicantView; onSaved?: (saved: ApplicantView) => void }) {
  const form = useSchemaForm<ApplicantProfileFormValues>({
    initialValues: applicantProfileValues(profile),
    schema: applicantProfileSchema,
    dependents: { hourly_rate_min: ['hourly_rate_max'] },
  });
  const update = useUpdateApplicantProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const values = form.values;

  const submit = submitWhenValid(form, applicantProfileSchema, {
    onFailure: setFailure,
    onValid: (changes) =>
      update.mutate(changes, {
        onSuccess: (saved) => {
          const next = applicantProfileValues(saved);
          form.setValues(next);
          form.setInitialValues(next);
          form.resetDirty(next);
          notifySuccess(accountMessages.profileUpdated);
          onSaved?.(saved);
        },
        onError: (error) => setFailure(errorMessage(error, accountMessages.profileUpdateFailed)),
      }),
  });

  const dirty = form.isDirty();
  const identityChanged = identityChanges(APPLICANT_IDENTITY_FIELDS, form.getInitialValues(), values);

  return (
    <form className={formClasses.form} noValidate aria-label="My profile" onSubmit={submit}>
      <Stack gap="lg">
        <FormSection
          title="Personal details"
          description={
            <>
              Your name as facilities see it. Your sign-in email and password are in{' '}
              <Anchor component={Link} to="/user-profile" inherit underline="always">
                Account settings
              </Anchor>
              .
            </>
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" aria-required {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" aria-required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            value={profile.user?.email ?? ''}
            readOnly
            variant="filled"
            description="Change it in Account settings."
          />
        </FormSection>

        <FormSection
          title="License & credentials"
          description="Checked when your identity is confirmed. Changing them may take another review."
        >
          <ApplicantCredentialFields form={form} pairsFrom="sm" />
          <TagsInput
            size="md"
            label="Certifications"
            description="Optional. Press Enter after each one, e.g. ACLS, PALS."
            placeholder={values.certifications.length ? undefined : 'Add a certification'}
            clearable
            {...form.getInputProps('certifications')}
          />
        </FormSection>

        <FormSection title="About you" description="Optional. What facilities read when they look at your bids.">
          <Textarea size="md" label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              size="md"
              label="Minimum hourly rate"
              prefix="$"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('hourly_rate_min')}
            />
            <NumberInput
              size="md"
              label="Maximum hourly rate"
              prefix="$"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('hourly_rate_max')}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection
          title="Job search"
          description="How far you will travel, how often we email you, and where you are based (the address is optional)."
        >
          <NumberInput
            size="md"
            label="Preferred travel radius"
            suffix=" miles"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            aria-required
            {...form.getInputProps('preferred_radius_miles')}
          />
          <JobAlertsField
            onFrequencyDays={(days) => {
              // Saved already: the form follows without counting it as an unsaved change.
              form.setFieldValue('job_search_frequency_days', days);
              form.setInitialValues({ ...form.getInitialValues(), job_search_frequency_days: days });
              form.resetDirty({ ...form.getInitialValues(), job_search_frequency_days: days });
            }}
          />
          <TextInput label="Street address" autoComplete="address-line1" {...form.getInputProps('address_line1')} />
          <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps('address_line2')} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <UsStateSelect label="State" {...form.getInputProps('state')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <TextInput label="ZIP code" autoComplete="postal-code" inputMode="numeric" {...form.getInputProps('zip_code')} />
            </Grid.Col>
          </Grid>
        </FormSection>

        <IdentityReviewNotice verified={profile.verification_status === 'verified'} fields={identityChanged} />

        {failure && <FormErrorAlert>{failure}</FormErrorAlert>}

        {/* A compact bar that stays in view while there is something to save. */}
        <Paper withBorder shadow={dirty ? 'md' : 'xs'} px="md" py="sm" pos={dirty ? 'sticky' : 'static'} bottom={12} style={{ zIndex: 5 }}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text fz="sm" c="dimmed" role="status" aria-live="polite" visibleFrom="sm">
              {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
            </Text>
            <Group gap="sm" wrap="nowrap" ml="auto">
              {dirty && (
                <Button
                  variant="default"
                  disabled={update.isPending}
                  onClick={() => {
                    form.reset();
                    setFailure(null);
                  }}
                >
                  Discard
                </Button>
              )}
              <Button type="submit" loading={update.isPending}>
                Save changes
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
