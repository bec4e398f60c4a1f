import { accountMessages, passwordValidationFailed } from '@domain/accounts/messages';
import { accountPasswordProblems } from '@domain/accounts/password';
import { isPasswordChangeRequested, ownProfileFormSchema, ownProfileSchema, type OwnProfileFormValues } from '@domain/accounts/profiles';
import { Button, Divider, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import { EmailInput } from '@/components/ui/email-input';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { errorMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import type { UserView } from '@domain/accounts/user-view';

import { ProfileSavedPasswordFailed, useSaveOwnProfile, type SaveOwnProfileResult } from '../../api/save-own-profile';
import { ACCOUNT_PASSWORD_HINT, accountPageMessages } from '../../lib/messages';
import { identityChanges } from '../../lib/identity';
import { useSchemaForm, validateAll } from '../../lib/schema-form';
import formClasses from '../forms.module.css';
import { IdentityReviewNotice } from '../identity-review-notice';

type FormValues = Required<OwnProfileFormValues> & Record<string, unknown>;

function initialValues(user: UserView): FormValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email,
    current_password: '',
    new_password: '',
    confirm_password: '',
  };
}

/**
 * Edit mode of /user-profile (part 2 §5 Own profile): names (empty means none) and email, plus
 * an optional password change. Submit stays disabled while the new password breaks a rule or
 * the confirmation differs.
 */
export function UserProfileForm({
  user,
  onCancel,
  onSaved,
}: {
  user: UserView;
  onCancel: () => void;
  onSaved: (result: SaveOwnProfileResult) => void;
}) {
  const form = useSchemaForm<FormValues>({
    initialValues: initialValues(user),
    schema: ownProfileFormSchema,
    dependents: {
      new_password: ['confirm_password', 'current_password'],
      current_password: ['new_password', 'confirm_password'],
      confirm_password: ['current_password', 'new_password'],
    },
  });
  const save = useSaveOwnProfile();
  const [failure, setFailure] = useState<string | null>(null);

  const { new_password: newPassword, confirm_password: confirmation } = form.values;
  const newPasswordBroken = newPassword !== '' && accountPasswordProblems(newPassword).length > 0;
  const mismatch = confirmation !== '' && confirmation !== newPassword;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const values = form.getValues();
    if (!validateAll(form, ownProfileFormSchema)) {
      const problems = values.new_password ? accountPasswordProblems(values.new_password) : [];
      if (problems.length > 0) setFailure(passwordValidationFailed(problems));
      return;
    }
    const profile = ownProfileSchema.parse(values);
    const password = isPasswordChangeRequested(values)
      ? { current_password: values.current_password, new_password: values.new_password }
      : null;
    save.mutate(
      { profile, password },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onSaved(result);
        },
        onError: (error) => {
          if (error instanceof ProfileSavedPasswordFailed) {
            setFailure(`${accountPageMessages.passwordNotChanged} ${errorMessage(error.cause, accountMessages.profileUpdateFailed)}`);
          } else {
            setFailure(errorMessage(error, accountMessages.profileUpdateFailed));
          }
        },
      },
    );
  };

  const emailChanged = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();
  // An applicant's names are part of the identity an admin verified.
  const namesChanged = identityChanges(['first_name', 'last_name'], form.getInitialValues(), form.values);

  return (
    <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
      <form className={formClasses.form} noValidate aria-label="Edit profile" onSubmit={submit}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              Edit profile
            </Title>
            <Text fz="sm" c="dimmed">
              Names may be left empty.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <EmailInput
            description={
              emailChanged
                ? 'We will send a confirmation link to the new address. Your sign-in email changes once you open it.'
                : 'The address you sign in with.'
            }
            {...form.getInputProps('email')}
          />

          <Divider />

          <Stack gap={4}>
            <Title order={3} fz="md">
              Change password
            </Title>
            <Text fz="sm" c="dimmed">
              Optional. Leave these empty to keep your current password. Changing it signs you out everywhere else.
            </Text>
          </Stack>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide current password' }}
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={ACCOUNT_PASSWORD_HINT}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
            {...form.getInputProps('confirm_password')}
          />

          <IdentityReviewNotice verified={user.applicant?.verification_status === 'verified'} fields={namesChanged} />

          {failure && <FormErrorAlert>{failure}</FormErrorAlert>}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={newPasswordBroken || mismatch}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
