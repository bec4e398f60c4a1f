import { useAtomValue } from 'jotai';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

import { Header, PublicHeader } from '@/components/layout/header';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { PageFrame } from '@/components/layout/page-frame';
import { VersionLabel } from '@/components/layout/version-label';
import { useFacilityPermissions } from '@/features/auth/api/get-facility-permissions';
import { LOGIN_PATH } from '@/lib/navigation';
import { isSignedInAtom } from '@/stores/session';

/** Around every page: the loading bar, scroll restoration and the production version label. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
      <VersionLabel />
    </>
  );
}

/** The product shell: full header (account menu or browse / log in / sign up) and footer. */
export function MainLayout() {
  const { data: permissions } = useFacilityPermissions();
  return (
    <PageFrame header={<Header permissions={permissions} />}>
      <Outlet />
    </PageFrame>
  );
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
