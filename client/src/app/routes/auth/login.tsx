import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useSearchParams } from 'react-router';

import { AuthCard, SignUpFooter } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeReturnPath, type LoginRedirectState } from '@/lib/navigation';
import { currentUserAtom } from '@/stores/session';

/**
 * /login. Once signed in (just now, or already) the user moves on: admins to /admin, everyone
 * else back to the page that sent them here (router state, else ?from=), else /dashboard.
 */
export function LoginRoute() {
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const from = safeReturnPath((location.state as Partial<LoginRedirectState> | null)?.from) ?? safeReturnPath(searchParams.get('from'));

  if (user) return <Navigate to={user.is_admin ? '/admin' : (from ?? '/dashboard')} replace />;

  return (
    <>
      <title>Log in · Tenens</title>
      <AuthCard
        title="Log in to Tenens"
        description="Welcome back. Pick up your postings, bids and counters where you left them."
        footer={<SignUpFooter />}
      >
        <LoginForm />
      </AuthCard>
    </>
  );
}
