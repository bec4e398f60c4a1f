import type { PostingStatus } from '@domain/postings';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';

import { adminKeys } from './keys';

/** One row of GET /admin/facilities/{id}/postings (server/src/admin/admin-facilities.controller.ts). */
export interface AdminFacilityPosting {
  id: string;
  title: string;
  /** draft | active | withdrawn | expired ('expired' derived from time by the server). */
  status: PostingStatus;
  hourly_rate: number;
  /** YYYY-MM-DD */
  start_date: string;
  /** YYYY-MM-DD */
  end_date: string;
  bid_count: number;
  /** Bids waiting for the facility (submitted or countered by the applicant). */
  awaiting_response_count: number;
  /** ISO timestamp */
  created_at: string;
}

/** GET /admin/facilities/{id}/postings: the facility's postings, newest first (at most 200). */
export function getAdminFacilityPostings(id: string, options?: RequestOptions): Promise<AdminFacilityPosting[]> {
  return api.get<AdminFacilityPosting[]>(`/admin/facilities/${encodeURIComponent(id)}/postings`, options);
}

export const adminFacilityPostingsQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.facilityPostings(id), queryFn: ({ signal }) => getAdminFacilityPostings(id, { signal }) });

/** Loaded once the facility itself has loaded. */
export const useAdminFacilityPostings = (id: string, enabled: boolean) => useQuery({ ...adminFacilityPostingsQueryOptions(id), enabled });
