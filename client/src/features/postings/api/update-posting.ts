import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';

import { postingKeys } from './keys';
import type { JobPostingPayload } from '../lib/job-form-values';

/** PUT /job-postings/{id}: the whole form; answers the edited posting. */
export function updatePosting({ id, payload }: { id: string; payload: JobPostingPayload }): Promise<FacilityPostingView> {
  return api.put<FacilityPostingView>(`/job-postings/${encodeURIComponent(id)}`, payload);
}

export function useUpdatePosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePosting,
    onSuccess: (posting) => {
      queryClient.setQueryData(postingKeys.detail(posting.id), posting);
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
    },
  });
}
