import { Anchor } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';

import { ResetPasswordForm } from '@/features/accounts/components/reset-password-form';
import { AuthCard } from '@/features/auth/components/auth-card';

/** /reset-password?token=…: the link of the reset email. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return (
    <>
      <title>Reset your password · Tenens</title>
      <AuthCard
        title="Reset your password"
        description={token ? 'Choose a new password for your Tenens account.' : undefined}
        footer={
          token && (
            <>
              Remembered it?{' '}
              <Anchor component={Link} to="/login" fw={600} fz="sm">
                Log in
              </Anchor>
              {' · '}
              <Anchor component={Link} to="/forgot-password" fw={600} fz="sm">
                Request a new link
              </Anchor>
            </>
          )
        }
      >
        <ResetPasswordForm key={token ?? ''} token={token} />
      </AuthCard>
    </>
  );
}
