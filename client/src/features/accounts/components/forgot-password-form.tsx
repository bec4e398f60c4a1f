import { forgotPasswordSchema, type ForgotPasswordValues } from '@domain/accounts/auth';
import { accountMessages } from '@domain/accounts/messages';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';

import { EmailInput } from '@/components/ui/email-input';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { errorMessage } from '@/lib/api-client';

import { useRequestPasswordReset } from '../api/request-password-reset';
import { focusFirstError, useSchemaForm } from '../lib/schema-form';

import { StatusPanel } from './status-panel';
import formClasses from './forms.module.css';

/**
 * Asks for a reset link. The server answers the same whether or not the address has an account;
 * its sentence is shown as is.
 */
export function ForgotPasswordForm() {
  const form = useSchemaForm<ForgotPasswordValues & Record<string, unknown>>({
    initialValues: { email: '' },
    schema: forgotPasswordSchema,
  });
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return (
      <StatusPanel
        icon={<IconMailForward size={32} stroke={1.5} />}
        title="Check your email"
        actions={
          <>
            <Button component={Link} to="/login" size="md" fullWidth>
              Back to login
            </Button>
            <Button variant="default" size="md" fullWidth onClick={() => request.reset()}>
              Use a different email
            </Button>
          </>
        }
      >
        {request.data?.message}
      </StatusPanel>
    );
  }

  const submit = form.onSubmit(
    (values) => request.mutate(forgotPasswordSchema.parse(values).email),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form className={formClasses.form} noValidate aria-label="Request a password reset link" onSubmit={submit}>
      <Stack gap="md">
        {request.isError && <FormErrorAlert>{errorMessage(request.error, accountMessages.passwordResetEmailFailed)}</FormErrorAlert>}
        <EmailInput placeholder="you@example.com" {...form.getInputProps('email')} />
        <Button type="submit" size="md" fullWidth loading={request.isPending}>
          Send reset link
        </Button>
        <Anchor component={Link} to="/login" fz="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
