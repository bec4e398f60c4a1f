import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';

import {
  connectSocket,
  disconnectSocket,
  onConnect,
  subscribe,
  watchPosting,
  type LiveEventHandler,
  type LiveEventName,
} from '@/lib/socket';
import { tokenAtom } from '@/stores/session';

/**
 * Keeps the realtime connection in step with the session: connects with the token when signed
 * in, disconnects on sign-out, and invalidates the whole query cache on every reconnect.
 * Mounted once, in the app provider.
 */
export function useLiveUpdates(): void {
  const token = useAtomValue(tokenAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) {
      disconnectSocket();
      return;
    }
    connectSocket(token, { onReconnect: () => void queryClient.invalidateQueries() });
    return () => disconnectSocket();
  }, [token, queryClient]);
}

/**
 * Runs `handler` for each pushed `event` while the component is mounted, e.g.
 *   useLiveEvent('bid.updated', (bid) => queryClient.setQueryData(['bids', bid.id], bid));
 * The latest handler is always used, so it may close over fresh state without resubscribing.
 */
export function useLiveEvent<E extends LiveEventName>(event: E, handler: LiveEventHandler<E>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe(event, (payload) => latest.current(payload)), [event]);
}

/** Runs `handler` on every socket connect (the first included) while mounted. */
export function useOnLiveConnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onConnect(() => latest.current()), []);
}

/** Watches a posting's room while mounted, e.g. on the posting page: usePostingWatch(posting.id). */
export function usePostingWatch(postingId: string | null | undefined): void {
  useEffect(() => (postingId ? watchPosting(postingId) : undefined), [postingId]);
}
