import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityView } from '@domain/facilities/facility-view';

import { adminKeys } from './keys';

/** GET /admin/facilities/{id}, with a cache-busting time stamp (spec part 2 §7). */
export function getAdminFacility(id: string, options?: RequestOptions): Promise<FacilityView> {
  return api.get<FacilityView>(`/admin/facilities/${encodeURIComponent(id)}`, { ...options, query: { _t: Date.now() } });
}

export const adminFacilityQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.facility(id), queryFn: ({ signal }) => getAdminFacility(id, { signal }) });

export const useAdminFacility = (id: string) => useQuery(adminFacilityQueryOptions(id));
