import { Anchor } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';

import { CheckInbox } from '@/features/auth/components/check-inbox';
import { RegisterForm } from '@/features/accounts/components/register/register-form';
import { AuthCard } from '@/features/auth/components/auth-card';
import { isSignedInAtom } from '@/stores/session';

/**
 * /register (optional ?invite=<token>): the two-step sign-up, then a "check your inbox" card.
 * Someone already signed in has an account: they go to their dashboard.
 */
export function RegisterRoute() {
  const signedIn = useAtomValue(isSignedInAtom);
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('invite')?.trim() || null;
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail) {
    return (
      <>
        <title>Check your inbox · Tenens</title>
        <AuthCard title="Check your inbox">
          <CheckInbox email={registeredEmail} />
        </AuthCard>
      </>
    );
  }

  if (signedIn) return <Navigate to="/dashboard" replace />;

  return (
    <>
      <title>Create your account · Tenens</title>
      <AuthCard
        size={600}
        title="Create your account"
        description="Facilities post temporary anesthesia jobs; CRNAs and anesthesiologists bid on them. No middlemen."
        footer={
          <>
            Already have an account?{' '}
            <Anchor component={Link} to="/login" fw={600} fz="sm">
              Log in
            </Anchor>
          </>
        }
      >
        <RegisterForm inviteToken={inviteToken} onRegistered={setRegisteredEmail} />
      </AuthCard>
    </>
  );
}
