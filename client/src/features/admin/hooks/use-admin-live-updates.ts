import { useQueryClient } from '@tanstack/react-query';

import { useLiveEvent } from '@/hooks/use-live-updates';

import { refreshAdminRecord } from '../api/keys';

/**
 * The server pushes 'record.updated' {kind, id} to the admins' room whenever a facility or
 * applicant changes (another admin's action, a profile edit, a credit spent): reload that record,
 * its users and history, and its list.
 */
export function useAdminLiveUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvent('record.updated', (record) => {
    if (!record || (record.kind !== 'facility' && record.kind !== 'applicant') || typeof record.id !== 'string') return;
    void refreshAdminRecord(queryClient, record.kind, record.id);
  });
}
