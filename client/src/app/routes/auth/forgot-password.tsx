import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { ForgotPasswordForm } from '@/features/accounts/components/forgot-password-form';
import { AuthCard } from '@/features/auth/components/auth-card';

/** /forgot-password */
export function ForgotPasswordRoute() {
  return (
    <>
      <title>Forgot your password · Tenens</title>
      <AuthCard
        title="Forgot your password?"
        description="Enter the email you sign in with and we'll send you a link to choose a new password."
        footer={
          <>
            New to Tenens?{' '}
            <Anchor component={Link} to="/register" fw={600} fz="sm">
              Create an account
            </Anchor>
          </>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
