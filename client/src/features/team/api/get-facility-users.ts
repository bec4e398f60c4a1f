import type { FacilityUserView } from '@domain/facility-members';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';

import { teamKeys } from './keys';

/** GET /facility-users: the caller's facility members. */
export function getFacilityUsers(options?: RequestOptions): Promise<FacilityUserView[]> {
  return api.get<FacilityUserView[]>('/facility-users', options);
}

export const facilityUsersQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.members(), queryFn: ({ signal }) => getFacilityUsers({ signal }) });

export const useFacilityUsers = () => useQuery(facilityUsersQueryOptions());
