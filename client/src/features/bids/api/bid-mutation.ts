/**
 * What every bid call does once answered: the answer (the bid as the caller's own list shows it)
 * replaces the cached row, a short success toast; a failure toasts the server's detail and
 * refetches the lists, since a refusal usually means the bid moved on meanwhile.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { ApplicantBidView } from '@domain/bids';

import { bidKeys } from './bid-keys';
import { upsertBid } from './bid-cache';

export interface BidMutationOptions<TVariables, TBid extends ApplicantBidView> {
  call: (variables: TVariables) => Promise<TBid>;
  success: (bid: TBid, variables: TVariables) => string;
  failure: string;
}

export function useBidMutation<TVariables, TBid extends ApplicantBidView>({
  call,
  success,
  failure,
}: BidMutationOptions<TVariables, TBid>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (bid, variables) => {
      const { listed } = upsertBid(queryClient, bid);
      if (!listed) void queryClient.invalidateQueries({ queryKey: bidKeys.all });
      notifySuccess(success(bid, variables));
    },
    onError: (error) => {
      notifyError(errorMessage(error, failure));
      void queryClient.invalidateQueries({ queryKey: bidKeys.all });
    },
  });
}
