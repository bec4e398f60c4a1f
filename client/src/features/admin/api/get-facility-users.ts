import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityUserView } from '@domain/facilities/facility-view';

import { adminKeys } from './keys';

/** GET /admin/facilities/{id}/users. A failure is only logged: the table stays empty (spec part 2 §7). */
export async function getAdminFacilityUsers(id: string, options?: RequestOptions): Promise<FacilityUserView[]> {
  try {
    return await api.get<FacilityUserView[]>(`/admin/facilities/${encodeURIComponent(id)}/users`, options);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Failed to load facility users', error);
    return [];
  }
}

export const adminFacilityUsersQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.facilityUsers(id), queryFn: ({ signal }) => getAdminFacilityUsers(id, { signal }) });

/** Loaded once the facility itself has loaded (the spec's order: the record, then its users). */
export const useAdminFacilityUsers = (id: string, enabled: boolean) => useQuery({ ...adminFacilityUsersQueryOptions(id), enabled });
