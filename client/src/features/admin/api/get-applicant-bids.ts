import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityBidView } from '@domain/bids';

import { adminKeys } from './keys';

/**
 * GET /admin/applicants/{id}/bids: the applicant's bids, newest first, each as the posting's
 * facility sees it (job, facility, rates, state). Their timelines are GET /job-bids/{id}/history.
 */
export function getAdminApplicantBids(id: string, options?: RequestOptions): Promise<FacilityBidView[]> {
  return api.get<FacilityBidView[]>(`/admin/applicants/${encodeURIComponent(id)}/bids`, options);
}

export const adminApplicantBidsQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.applicantBids(id), queryFn: ({ signal }) => getAdminApplicantBids(id, { signal }) });

/** Loaded once the applicant itself has loaded. */
export const useAdminApplicantBids = (id: string, enabled: boolean) => useQuery({ ...adminApplicantBidsQueryOptions(id), enabled });
