import type { FacilityProfile } from '@domain/accounts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityProfileRecord } from '@/types/api';

import { facilityProfileQueryKey } from './get-facility-profile';

/** PUT /facilities/profile: updates the member's facility, or creates it (phone as digits only). */
export function saveFacilityProfile(profile: FacilityProfile): Promise<FacilityProfileRecord> {
  return api.put<FacilityProfileRecord>('/facilities/profile', profile);
}

export function useSaveFacilityProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFacilityProfile,
    onSuccess: (saved) => queryClient.setQueryData(facilityProfileQueryKey, saved),
  });
}
