import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import type { ConfirmedSubscription } from '@domain/billing/billing-views';

import { billingKeys } from './keys';

/**
 * POST /billing/confirm-subscription/{session_id}: the paid checkout makes the posting live.
 * 409 with a detail while the payment has not gone through.
 */
export function confirmSubscription(sessionId: string): Promise<ConfirmedSubscription> {
  return api.post<ConfirmedSubscription>(`/billing/confirm-subscription/${encodeURIComponent(sessionId)}`);
}

export function useConfirmSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSubscription,
    onSuccess: (result) => {
      queryClient.setQueryData(billingKeys.subscription(result.job_posting_id), result.subscription);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
