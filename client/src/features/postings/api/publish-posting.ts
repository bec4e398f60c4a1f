import { useMutation, useQueryClient } from '@tanstack/react-query';

import { currentUserQueryKey } from '@/lib/current-user';
import { api } from '@/lib/api-client';
import type { PublishedPostingView } from '@domain/postings';

import { postingKeys } from './keys';

/**
 * POST /job-postings/{id}/publish. With a posting credit the posting goes live; without one the
 * answer says requires_payment and the posting stays a draft until it is paid.
 */
export function publishPosting(id: string): Promise<PublishedPostingView> {
  return api.post<PublishedPostingView>(`/job-postings/${encodeURIComponent(id)}/publish`);
}

export function usePublishPosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPosting,
    onSuccess: ({ requires_payment: _requiresPayment, ...posting }) => {
      queryClient.setQueryData(postingKeys.detail(posting.id), posting);
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
      // A credit was spent: the session's facility.posting_credits is out of date.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
