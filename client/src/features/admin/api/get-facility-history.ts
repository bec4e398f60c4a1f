import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { RecordHistoryEntry } from '@domain/shared/history';

import { adminKeys } from './keys';

/** GET /admin/facilities/{id}/history: the facility's events, oldest first. */
export function getAdminFacilityHistory(id: string, options?: RequestOptions): Promise<RecordHistoryEntry[]> {
  return api.get<RecordHistoryEntry[]>(`/admin/facilities/${encodeURIComponent(id)}/history`, options);
}

export const adminFacilityHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.facilityHistory(id), queryFn: ({ signal }) => getAdminFacilityHistory(id, { signal }) });

export const useAdminFacilityHistory = (id: string, enabled: boolean) => useQuery({ ...adminFacilityHistoryQueryOptions(id), enabled });
