import { FACILITY_TYPES } from '@domain/accounts/constants';
import { normalizeWebsite } from '@domain/accounts/links';
import { accountMessages } from '@domain/accounts/messages';
import { facilityProfileSchema, type FacilityProfile } from '@domain/accounts/profiles';
import { FACILITY_IDENTITY_FIELDS } from '@domain/shared/identity';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';

import type { FacilityProfileView } from '@domain/facilities/facility-view';

import { FormErrorAlert } from '@/components/ui/form-error-alert';

import { identityChanges } from '../../lib/identity';
import { emptyFacilityProfile, facilityProfileValues, type FacilityProfileFormValues } from '../../lib/profile-values';
import { normalizedOnLeave, showErrors, useSchemaForm } from '../../lib/schema-form';
import { NpiInput } from '../fields/checked-text-input';
import { FacilityAddressFields, WebsiteInput } from '../fields/facility-contact-fields';
import { FormSection } from '../form-section';
import formClasses from '../forms.module.css';
import { IdentityReviewNotice } from '../identity-review-notice';

const REQUIRED_FIELD = 'Required';

/** The page's types, plus a type an admin set from their own list so it survives a save unchanged. */
function facilityTypeOptions(current: string | null): string[] {
  const types: string[] = [...FACILITY_TYPES];
  return current && !types.includes(current) ? [current, ...types] : types;
}

/** The one sentence for a refused save: missing required fields, else "fix the errors above". */
function submitProblem(errors: Record<string, unknown>): string {
  const messages = Object.values(errors);
  return messages.includes(accountMessages.requiredFieldsMissing)
    ? accountMessages.requiredFieldsMissing
    : accountMessages.fixErrorsBeforeSubmitting;
}

export interface FacilityProfileFormProps {
  /** The saved profile, or null to create one. */
  profile: FacilityProfileView | null;
  saving: boolean;
  /** The server's refusal of the last save, shown above the buttons. */
  failure: string | null;
  onSubmit: (profile: FacilityProfile) => void;
}

/** Create or edit the facility profile (part 2 §5 Facility profile). Phone is sent as digits. */
export function FacilityProfileForm({ profile, saving, failure, onSubmit }: FacilityProfileFormProps) {
  const initial = profile ? facilityProfileValues(profile) : emptyFacilityProfile;
  const form = useSchemaForm<FacilityProfileFormValues>({ initialValues: initial, schema: facilityProfileSchema });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const errors = showErrors(form, facilityProfileSchema);
    if (Object.keys(errors).length > 0) {
      setProblem(submitProblem(errors));
      return;
    }
    setProblem(null);
    onSubmit(facilityProfileSchema.parse(form.getValues()));
  };

  // Each empty required field just says so; the spec's sentence is the summary above the buttons.
  const field = (path: keyof FacilityProfileFormValues & string) => {
    const props = form.getInputProps(path);
    return props.error === accountMessages.requiredFieldsMissing ? { ...props, error: REQUIRED_FIELD } : props;
  };
  const shownFailure = problem ?? failure;
  const creating = !profile;
  const identityChanged = identityChanges(FACILITY_IDENTITY_FIELDS, form.getInitialValues(), form.values);

  return (
    <form className={formClasses.form} noValidate aria-label={creating ? 'Create facility profile' : 'Facility profile'} onSubmit={submit}>
      <Stack gap="lg">
        <FormSection title="Facility" description="How your facility appears on your job postings.">
          <TextInput label="Facility name" autoComplete="organization" aria-required {...field('name')} />
          <Select
            size="md"
            label="Facility type"
            placeholder="Choose a type"
            description="Optional."
            data={facilityTypeOptions(form.values.facility_type)}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...field('facility_type')}
          />
          <NpiInput description="Optional. Your facility's 10-digit National Provider Identifier." {...field('npi')} />
          <WebsiteInput {...normalizedOnLeave(form, 'website', normalizeWebsite, field('website'))} />
          <Textarea
            size="md"
            label="Description"
            description="Optional. The cases you do, your team, parking, anything a provider should know."
            autosize
            minRows={3}
            maxRows={10}
            {...field('description')}
          />
        </FormSection>

        <FormSection title="Address and phone" description="Shown to providers once a connection is made.">
          <FacilityAddressFields inputProps={field} withSecondLine />
        </FormSection>

        <Paper withBorder shadow="xs" p="md">
          <Stack gap="sm">
            <IdentityReviewNotice verified={profile?.verification_status === 'verified'} fields={identityChanged} />
            {shownFailure && <FormErrorAlert>{shownFailure}</FormErrorAlert>}
            <Group justify="space-between" gap="sm">
              <Text fz="sm" c="dimmed" role="status" aria-live="polite">
                {creating
                  ? 'Your facility is reviewed by our team after you create it.'
                  : form.isDirty()
                    ? 'You have unsaved changes.'
                    : 'All changes saved.'}
              </Text>
              <Group gap="sm">
                {!creating && form.isDirty() && (
                  <Button
                    variant="default"
                    disabled={saving}
                    onClick={() => {
                      form.reset();
                      setProblem(null);
                    }}
                  >
                    Discard changes
                  </Button>
                )}
                <Button type="submit" loading={saving}>
                  {creating ? 'Create facility profile' : 'Save changes'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
