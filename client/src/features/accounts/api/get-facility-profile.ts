import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityProfileView } from '@domain/facilities/facility-view';

/** GET /facilities/profile. A 404 means the member has no facility yet: the page offers to create one. */
export function getFacilityProfile(options?: RequestOptions): Promise<FacilityProfileView> {
  return api.get<FacilityProfileView>('/facilities/profile', options);
}

export const facilityProfileQueryKey = ['facilities', 'profile'] as const;

export const facilityProfileQueryOptions = () =>
  queryOptions({
    queryKey: facilityProfileQueryKey,
    queryFn: ({ signal }) => getFacilityProfile({ signal }),
  });

export const useFacilityProfile = () => useQuery(facilityProfileQueryOptions());
