import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

import { Header, PublicHeader } from '@/components/layout/header';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { PageFrame } from '@/components/layout/page-frame';
import { facilityPermissionsQueryKey, useFacilityPermissions } from '@/features/auth/api/get-facility-permissions';
import { useLiveEvent, useOnLiveConnect } from '@/hooks/use-live-updates';
import { currentUserQueryKey } from '@/lib/current-user';
import { LOGIN_PATH } from '@/lib/navigation';
import { isSignedInAtom } from '@/stores/session';

// The bell (its menu, toasts and the inbox's queries) loads after the first paint, like the account menu.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** Around every page: the loading bar and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** The product shell: full header (account menu or browse / log in / sign up) and footer. */
export function MainLayout() {
  const { data: permissions } = useFacilityPermissions();
  useMembershipLiveUpdates();
  useAccountLiveUpdates();
  return (
    <PageFrame
      header={
        <Header
          permissions={permissions}
          bell={
            <Suspense fallback={<div style={{ width: 42, height: 42 }} />}>
              <NotificationBell />
            </Suspense>
          }
        />
      }
    >
      <Outlet />
    </PageFrame>
  );
}

/**
 * A team change may be the member's own (a flag granted or taken, or removal): refetching the
 * permissions updates the header and every page that hides what the member may not do; a removed
 * member's refetch answers 401, which signs them out. They are also refetched when the socket
 * connects, since a change pushed while the page loaded, before the socket joined, is missed.
 */
function useMembershipLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: facilityPermissionsQueryKey });
  useLiveEvent('team.changed', refetch);
  useOnLiveConnect(refetch);
}

/**
 * An admin verified, rejected, suspended or reactivated the user's own record (the applicant, or
 * their facility): refetching the user updates the stored session (SessionSync), so the
 * dashboard's pending badge and its "post job" button follow, and the permissions with it.
 */
function useAccountLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: facilityPermissionsQueryKey });
  };
  useLiveEvent('account.changed', refetch);
}

/** The public page shell (legal and sign-in pages): logo to / and a login link. */
export function PublicLayout() {
  const signedIn = useAtomValue(isSignedInAtom);
  const { pathname } = useLocation();
  return (
    <PageFrame header={<PublicHeader signedIn={signedIn} onLoginPage={pathname === LOGIN_PATH} />}>
      <Outlet />
    </PageFrame>
  );
}
