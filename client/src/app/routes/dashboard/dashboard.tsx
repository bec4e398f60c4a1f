import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';

import { memberMay } from '@domain/facility-members';

import { useFacilityPermissions } from '@/features/auth/api/get-facility-permissions';
import { FacilityDashboard } from '@/features/postings/components/facility-dashboard';
import { currentUserAtom } from '@/stores/session';

import { ApplicantDashboard } from './applicant-dashboard';

/** /dashboard: admins go to the console; applicants and facility members get their dashboard. */
export function DashboardRoute() {
  const user = useAtomValue(currentUserAtom);
  const { data: permissions } = useFacilityPermissions();
  if (!user) return null; // RequireAuth renders this page only when signed in
  if (user.is_admin) return <Navigate to="/admin" replace />;
  if (user.role === 'applicant') return <ApplicantDashboard user={user} />;
  return <FacilityDashboard user={user} mayPost={memberMay(permissions, 'can_create_jobs')} />;
}
