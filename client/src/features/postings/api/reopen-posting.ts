import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';

import { postingKeys } from './keys';

/** POST /job-postings/{id}/reopen: a filled posting takes bids again in its current period (no credit, no payment). */
export function reopenPosting(id: string): Promise<FacilityPostingView> {
  return api.post<FacilityPostingView>(`/job-postings/${encodeURIComponent(id)}/reopen`);
}

export function useReopenPosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenPosting,
    onSuccess: (posting) => {
      queryClient.setQueryData(postingKeys.detail(posting.id), posting);
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
    },
  });
}
