import { useQueryClient } from '@tanstack/react-query';

import { useLiveEvent } from '@/hooks/use-live-updates';

import { teamKeys } from './keys';

/** Refetches the members and invitations whenever the facility's team changes (any colleague). */
export function useTeamLiveUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvent('team.changed', () => void queryClient.invalidateQueries({ queryKey: teamKeys.all }));
}
