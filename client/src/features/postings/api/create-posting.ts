import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';

import { postingKeys } from './keys';
import type { JobPostingPayload } from '../lib/job-form-values';

/** POST /job-postings: creates a draft; answers the facility's view of it (with its id). */
export function createPosting(payload: JobPostingPayload): Promise<FacilityPostingView> {
  return api.post<FacilityPostingView>('/job-postings', payload);
}

export function useCreatePosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPosting,
    onSuccess: (posting) => {
      queryClient.setQueryData(postingKeys.detail(posting.id), posting);
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
    },
  });
}
