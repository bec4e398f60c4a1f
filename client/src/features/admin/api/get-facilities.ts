import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityView } from '@domain/facilities/facility-view';

import { adminKeys } from './keys';

/** GET /admin/facilities: every facility, newest first (the server caps it at 500). Filtered on the client. */
export function getAdminFacilities(options?: RequestOptions): Promise<FacilityView[]> {
  return api.get<FacilityView[]>('/admin/facilities', options);
}

export const adminFacilitiesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.facilities(), queryFn: ({ signal }) => getAdminFacilities({ signal }) });

export const useAdminFacilities = () => useQuery(adminFacilitiesQueryOptions());
