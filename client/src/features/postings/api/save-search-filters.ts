import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { SearchFilters } from '@domain/postings';

import { postingKeys } from './keys';

/** PUT /applicants/search-filters: saves the applicant's filters; answers them as stored. */
export function saveSearchFilters(filters: SearchFilters): Promise<SearchFilters> {
  return api.put<SearchFilters>('/applicants/search-filters', filters);
}

export function useSaveSearchFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearchFilters,
    onSuccess: (saved) => queryClient.setQueryData(postingKeys.savedFilters(), saved),
  });
}
