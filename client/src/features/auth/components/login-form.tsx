import { accountMessages } from '@domain/accounts/messages';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';

import { EmailInput } from '@/components/ui/email-input';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';

import { useLogin, type SignInResult } from '../api/login';
import { loginSchema, type LoginValues } from '../lib/login-schema';

import { ResendVerificationPanel } from './resend-verification-panel';

export const EMAIL_VERIFICATION_REQUIRED = 'email_verification_required';

/**
 * Email and password. On success the session is stored and 'Logged in successfully!' shown;
 * the login page then moves on. A 403 'email_verification_required' shows the resend panel and
 * no error; any other failure shows the server's detail or 'Login failed'.
 */
export function LoginForm({ onSuccess }: { onSuccess?: (result: SignInResult) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(loginSchema),
  });
  const loginMutation = useLogin({
    onSuccess: (result) => {
      notifySuccess(accountMessages.loggedIn);
      onSuccess?.(result);
    },
  });

  const submit = form.onSubmit((values) => {
    const email = values.email.trim();
    setFailure(null);
    setUnverifiedEmail(null);
    loginMutation.mutate(
      { email, password: values.password },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 403 && error.code === EMAIL_VERIFICATION_REQUIRED) {
            setUnverifiedEmail(email);
          } else {
            setFailure(errorMessage(error, accountMessages.loginFailed));
          }
        },
      },
    );
  });

  return (
    <Stack gap="lg">
      {failure && <FormErrorAlert>{failure}</FormErrorAlert>}
      {unverifiedEmail && <ResendVerificationPanel email={unverifiedEmail} />}

      <form onSubmit={submit} noValidate aria-label="Log in">
        <Stack gap="md">
          <EmailInput placeholder="you@example.com" {...form.getInputProps('email')} />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              aria-required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" fz="sm">
                Forgot your password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
            Log in
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
