import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';

import { api, type RequestOptions } from '@/lib/api-client';
import { userRoleAtom } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-access';

/** GET /users/me/facility-permissions: what a facility member may do (facility_admin only). */
export function getFacilityPermissions(options?: RequestOptions): Promise<CurrentFacilityPermissions> {
  return api.get<CurrentFacilityPermissions>('/users/me/facility-permissions', options);
}

export const facilityPermissionsQueryKey = ['users', 'me', 'facility-permissions'] as const;

export function facilityPermissionsQueryOptions() {
  return queryOptions({
    queryKey: facilityPermissionsQueryKey,
    queryFn: ({ signal }) => getFacilityPermissions({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in facility member's permissions; idle (no data) for other roles. */
export function useFacilityPermissions() {
  const role = useAtomValue(userRoleAtom);
  return useQuery({ ...facilityPermissionsQueryOptions(), enabled: role === 'facility_admin' });
}
