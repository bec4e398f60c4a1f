import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';

import { postingKeys } from './keys';

/** POST /job-postings/{id}/reactivate: a withdrawn posting goes live again for the rest of its period. */
export function reactivatePosting(id: string): Promise<FacilityPostingView> {
  return api.post<FacilityPostingView>(`/job-postings/${encodeURIComponent(id)}/reactivate`);
}

export function useReactivatePosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivatePosting,
    onSuccess: (posting) => {
      queryClient.setQueryData(postingKeys.detail(posting.id), posting);
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
    },
  });
}
