import { useQueryClient } from '@tanstack/react-query';

import { useLiveEvent, usePostingWatch } from '@/hooks/use-live-updates';

import { postingKeys } from '../api/keys';

/**
 * Keeps one posting fresh while it is on screen: joins its room and refetches it whenever it
 * changes (a colleague published it, a bid arrived, it expired).
 */
export function usePostingLiveUpdates(postingId: string | undefined): void {
  const queryClient = useQueryClient();
  usePostingWatch(postingId);
  useLiveEvent('posting.updated', (payload) => {
    if (postingId && payload?.id === postingId) void queryClient.invalidateQueries({ queryKey: postingKeys.detail(postingId) });
  });
}
