import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';

import { postingKeys } from './keys';

/** The reactivated posting; requires_payment when its paid period is over and no credit was left. */
export type ReactivatedPostingView = FacilityPostingView & { requires_payment?: boolean };

/**
 * POST /job-postings/{id}/reactivate: a withdrawn posting goes live again for the rest of its
 * period; without a paid period or a credit it answers requires_payment and waits for a payment.
 */
export function reactivatePosting(id: string): Promise<ReactivatedPostingView> {
  return api.post<ReactivatedPostingView>(`/job-postings/${encodeURIComponent(id)}/reactivate`);
}

export function useReactivatePosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivatePosting,
    onSuccess: ({ requires_payment: _requiresPayment, ...posting }) => {
      queryClient.setQueryData(postingKeys.detail(posting.id), posting);
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
    },
  });
}
