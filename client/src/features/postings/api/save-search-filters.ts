import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { SavedSearchFilters } from '@/types/api';

import { postingKeys } from './keys';

/** PUT /applicants/search-filters: saves the applicant's filters; answers them as stored. */
export function saveSearchFilters(filters: SavedSearchFilters): Promise<SavedSearchFilters> {
  return api.put<SavedSearchFilters>('/applicants/search-filters', filters);
}

export function useSaveSearchFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearchFilters,
    onSuccess: (saved) => queryClient.setQueryData(postingKeys.savedFilters(), saved),
  });
}
