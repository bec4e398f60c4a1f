import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

/** GET /applicants/profile (applicants only; anyone else gets 403). */
export function getApplicantProfile(options?: RequestOptions): Promise<ApplicantView> {
  return api.get<ApplicantView>('/applicants/profile', options);
}

export const applicantProfileQueryKey = ['applicants', 'profile'] as const;

export const applicantProfileQueryOptions = () =>
  queryOptions({
    queryKey: applicantProfileQueryKey,
    queryFn: ({ signal }) => getApplicantProfile({ signal }),
  });

/** The signed-in applicant's profile; pass false to leave it unasked (not an applicant). */
export const useApplicantProfile = (enabled = true) => useQuery({ ...applicantProfileQueryOptions(), enabled });
