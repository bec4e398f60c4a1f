import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityJobPosting } from '@/types/api';

import { postingKeys } from './keys';

/** DELETE /job-postings/{id}: withdraws an active posting (it can be reactivated until it expires). */
export function withdrawPosting(id: string): Promise<FacilityJobPosting> {
  return api.delete<FacilityJobPosting>(`/job-postings/${encodeURIComponent(id)}`);
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
