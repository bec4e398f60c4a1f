import { useQueryClient } from '@tanstack/react-query';

import { useLiveEvent } from '@/hooks/use-live-updates';

import { teamKeys } from './keys';

declare module '@/lib/socket' {
  interface LiveEventMap {
    'team.changed': import('@domain/facility-members').TeamChangedPush;
  }
}

/** Refetches the members and invitations whenever the facility's team changes (any colleague). */
export function useTeamLiveUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvent('team.changed', () => void queryClient.invalidateQueries({ queryKey: teamKeys.all }));
}
