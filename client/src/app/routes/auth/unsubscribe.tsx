import { useSearchParams } from 'react-router';

import { UnsubscribeJobAlerts } from '@/features/accounts/components/unsubscribe-job-alerts';
import { AuthCard } from '@/features/auth/components/auth-card';

/** /unsubscribe?token=…: the unsubscribe link of a job alert email; works without signing in. */
export function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return (
    <>
      <title>Unsubscribe from job alerts · Tenens</title>
      <AuthCard title="Job alert emails">
        <UnsubscribeJobAlerts key={token ?? ''} token={token} />
      </AuthCard>
    </>
  );
}
