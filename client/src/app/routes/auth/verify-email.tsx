import { useSearchParams } from 'react-router';

import { VerifyEmail } from '@/features/accounts/components/verify-email';
import { AuthCard } from '@/features/auth/components/auth-card';

/** /verify-email?token=…: the link of the verification (or email-change) email. */
export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return (
    <>
      <title>Verify your email · Tenens</title>
      <AuthCard title="Email verification">
        {/* A new token (another link opened in this tab) starts over. */}
        <VerifyEmail key={token ?? ''} token={token} />
      </AuthCard>
    </>
  );
}
