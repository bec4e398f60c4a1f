import type { FacilityProfile } from '@domain/accounts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import type { FacilityProfileView } from '@domain/facilities/facility-view';

import { facilityProfileQueryKey } from './get-facility-profile';

/** PUT /facilities/profile: updates the member's facility, or creates it (phone as digits only). */
export function saveFacilityProfile(profile: FacilityProfile): Promise<FacilityProfileView> {
  return api.put<FacilityProfileView>('/facilities/profile', profile);
}

export function useSaveFacilityProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFacilityProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(facilityProfileQueryKey, saved);
      // The signed-in user carries the facility's name and standing, and a new name or NPI
      // sends a verified facility back to review: the dashboard must not offer posting then.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
