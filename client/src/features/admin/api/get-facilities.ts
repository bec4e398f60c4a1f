import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { AdminFacility } from '@/types/api';

import { adminKeys } from './keys';

/** GET /admin/facilities: every facility, newest first (the server caps it at 500). Filtered on the client. */
export function getAdminFacilities(options?: RequestOptions): Promise<AdminFacility[]> {
  return api.get<AdminFacility[]>('/admin/facilities', options);
}

export const adminFacilitiesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.facilities(), queryFn: ({ signal }) => getAdminFacilities({ signal }) });

export const useAdminFacilities = () => useQuery(adminFacilitiesQueryOptions());
