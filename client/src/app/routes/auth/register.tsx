import { Anchor } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';

import { useInviteValidation } from '@/features/accounts/api/validate-invite-token';
import { InvalidInvitation, InvitationAccepted } from '@/features/accounts/components/register/invitation-notice';
import { RegisterForm } from '@/features/accounts/components/register/register-form';
import { AuthCard } from '@/features/auth/components/auth-card';
import { CheckInbox } from '@/features/auth/components/check-inbox';
import { isSignedInAtom } from '@/stores/session';

/**
 * /register (optional ?invite=<token>): the two-step sign-up, then a "check your inbox" card.
 * With an invitation: one step, then "welcome" (the link proved the address); a link that can no
 * longer be used gets a page saying why. Someone already signed in goes to their dashboard.
 */
export function RegisterRoute() {
  const signedIn = useAtomValue(isSignedInAtom);
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('invite')?.trim() || null;
  const invitation = useInviteValidation(inviteToken);
  const [registered, setRegistered] = useState<{ email: string; joined: boolean } | null>(null);

  if (registered?.joined) {
    return (
      <>
        <title>Welcome to the team · Tenens</title>
        <AuthCard title="Welcome to the team">
          <InvitationAccepted email={registered.email} />
        </AuthCard>
      </>
    );
  }
  if (registered) {
    return (
      <>
        <title>Check your inbox · Tenens</title>
        <AuthCard title="Check your inbox">
          <CheckInbox email={registered.email} />
        </AuthCard>
      </>
    );
  }

  if (signedIn) return <Navigate to="/dashboard" replace />;

  if (invitation.data && !invitation.data.valid) {
    return (
      <>
        <title>Invitation not valid · Tenens</title>
        <AuthCard title="Invitation not valid">
          <InvalidInvitation invitation={invitation.data} />
        </AuthCard>
      </>
    );
  }

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
        <RegisterForm inviteToken={inviteToken} onRegistered={(email, joined) => setRegistered({ email, joined })} />
      </AuthCard>
    </>
  );
}
