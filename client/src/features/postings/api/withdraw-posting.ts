import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';

import { postingKeys } from './keys';

/** DELETE /job-postings/{id}: withdraws an active posting (it can be reactivated until it expires). */
export function withdrawPosting(id: string): Promise<FacilityPostingView> {
  return api.delete<FacilityPostingView>(`/job-postings/${encodeURIComponent(id)}`);
}

export function useWithdrawPosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawPosting,
    onSuccess: (posting) => {
      queryClient.setQueryData(postingKeys.detail(posting.id), posting);
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
    },
  });
}
