import type { ApplicantProfile } from '@domain/accounts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { applicantProfileQueryKey } from './get-applicant-profile';

/** PUT /applicants/profile with every applicant field (applicantProfileSchema's output). */
export function updateApplicantProfile(profile: ApplicantProfile): Promise<ApplicantView> {
  return api.put<ApplicantView>('/applicants/profile', profile);
}

export function useUpdateApplicantProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicantProfile,
    onSuccess: (saved) => queryClient.setQueryData(applicantProfileQueryKey, saved),
  });
}
