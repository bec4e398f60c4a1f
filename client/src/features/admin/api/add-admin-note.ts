import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { AdminNoteBody } from '@domain/admin/notes';

import { refreshAdminRecord, type AdminRecordKind } from './keys';

export interface AdminNoteInput extends AdminNoteBody {
  kind: AdminRecordKind;
  id: string;
}

const PATHS: Record<AdminRecordKind, string> = { facility: 'facilities', applicant: 'applicants' };

/** POST /admin/{facilities|applicants}/{id}/notes: a free-form note; answers the record. */
export function addAdminNote({ kind, id, notes }: AdminNoteInput): Promise<unknown> {
  return api.post(`/admin/${PATHS[kind]}/${encodeURIComponent(id)}/notes`, { notes });
}

export function useAddAdminNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdminNote,
    onSuccess: (record, { kind, id }) => void refreshAdminRecord(queryClient, kind, id, record),
  });
}
