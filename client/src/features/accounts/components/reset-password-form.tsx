import { resetPasswordSchema, type ResetPasswordValues } from '@domain/accounts/auth';
import { accountMessages, isInvalidOrExpiredDetail } from '@domain/accounts/messages';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';

import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { errorMessage, isApiError } from '@/lib/api-client';

import { useResetPassword } from '../api/reset-password';
import { RESET_PASSWORD_HINT } from '../lib/messages';
import { focusFirstError, useSchemaForm } from '../lib/schema-form';

import { StatusPanel } from './status-panel';
import formClasses from './forms.module.css';

/** The link of a reset email is missing its token, was used already, or expired. */
export function InvalidResetLink() {
  return (
    <StatusPanel
      icon={<IconLinkOff size={32} stroke={1.5} />}
      color="red"
      title="Invalid Reset Link"
      actions={
        <>
          <Button component={Link} to="/forgot-password" size="md" fullWidth>
            Request a new reset link
          </Button>
          <Button component={Link} to="/login" variant="default" size="md" fullWidth>
            Back to login
          </Button>
        </>
      }
    >
      {accountMessages.resetLinkInvalid}
    </StatusPanel>
  );
}

function isLinkProblem(error: unknown): boolean {
  return isApiError(error) && typeof error.detail === 'string' && isInvalidOrExpiredDetail(error.detail);
}

type ResetFormValues = ResetPasswordValues & Record<string, unknown>;

/** A new password for the account of the link's token (reset rules: upper, lower and a digit). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const form = useSchemaForm<ResetFormValues>({
    initialValues: { new_password: '', confirm_password: '' },
    schema: resetPasswordSchema,
    dependents: { new_password: ['confirm_password'] },
  });
  const reset = useResetPassword();

  if (!token || isLinkProblem(reset.error)) return <InvalidResetLink />;

  if (reset.isSuccess) {
    return (
      <StatusPanel
        icon={<IconCircleCheck size={32} stroke={1.5} />}
        color="green"
        title="Password reset"
        actions={
          <Button component={Link} to="/login" size="md" fullWidth>
            Log in with your new password
          </Button>
        }
      >
        {reset.data?.message || 'Your password has been reset. You can now sign in with your new password.'}
      </StatusPanel>
    );
  }

  const submit = form.onSubmit(
    (values) => reset.mutate({ token, new_password: values.new_password }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form className={formClasses.form} noValidate aria-label="Choose a new password" onSubmit={submit}>
      <Stack gap="md">
        {reset.isError && <FormErrorAlert>{errorMessage(reset.error, accountMessages.resetFailed)}</FormErrorAlert>}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description={RESET_PASSWORD_HINT}
          aria-required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          aria-required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
          {...form.getInputProps('confirm_password')}
        />
        <Button type="submit" size="md" fullWidth loading={reset.isPending}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
