import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import {
  canManageFacilityBilling,
  canManageFacilityUsers as canManageUsers,
  type CurrentFacilityPermissions,
} from '@domain/accounts/facility-access';
import { currentUserAtom, hasAccessRole, isSignedInAtom } from '@/stores/session';
import type { AccessRole } from '@/types/api';

import { locationToPath, loginPathFor, type LoginRedirectState } from './navigation';

/**
 * Route guard: a visitor who is not signed in goes to /login; the origin is remembered both in
 * router state and in a ?from= parameter (which survives a reload of the login page).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const signedIn = useAtomValue(isSignedInAtom);
  const location = useLocation();
  if (!signedIn) {
    const origin = locationToPath(location);
    const state: LoginRedirectState = { from: origin };
    return <Navigate to={loginPathFor(origin)} state={state} replace />;
  }
  return children ?? <Outlet />;
}

/**
 * Route guard for one role; nest it inside RequireAuth. A signed-in user of another role goes to
 * /dashboard. 'admin' needs `is_admin`.
 */
export function RequireRole({ role, children }: { role: AccessRole; children?: ReactNode }) {
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  if (!user) {
    const origin = locationToPath(location);
    return <Navigate to={loginPathFor(origin)} state={{ from: origin } satisfies LoginRedirectState} replace />;
  }
  if (!hasAccessRole(user, role)) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}

/** Facility Users menu entry and page: legacy admin, facility role admin, or can_manage_users. */
export function canManageFacilityUsers(permissions: CurrentFacilityPermissions | null | undefined): boolean {
  return !!permissions && canManageUsers(permissions);
}

/** Payments menu entry and page: legacy admin, facility role admin, or can_manage_billing. */
export function canManageBilling(permissions: CurrentFacilityPermissions | null | undefined): boolean {
  return !!permissions && canManageFacilityBilling(permissions);
}
