import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';

import { PageLoader } from '@/components/ui/page-loader';
import { useFacilityPermissions } from '@/features/auth/api/get-facility-permissions';
import { FacilityUsers } from '@/features/team/components/facility-users';
import { canManageFacilityUsers } from '@/lib/authorization';
import { currentUserAtom } from '@/stores/session';

/** /facility-users: members who may manage users (legacy admin, admin, can_manage_users). */
export function FacilityUsersRoute() {
  const user = useAtomValue(currentUserAtom);
  const permissions = useFacilityPermissions();
  if (permissions.isPending) return <PageLoader label="Loading facility users..." />;
  if (!canManageFacilityUsers(permissions.data)) return <Navigate to="/dashboard" replace />;
  return <FacilityUsers currentUserId={user?.id} facilityName={user?.facility?.name} />;
}
