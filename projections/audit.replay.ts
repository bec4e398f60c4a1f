import { AUDIT_EVENT_TYPES, AUDIT_STREAM_TYPES } from '../server/src/domain/admin/audit';
import type { AnyEvent } from '../server/src/domain/shared/events';
import { AppendedTable, fold, FoldedTable, type ReplayModel } from '../server/src/platform/read-models/folded-table';
import { auditEntry, renamed, type AuditLogRow, type AuditRecordRow } from './audit.entry';

/** The audit read model folded in memory for rebuilds: the same rows as audit.projection.ts. */
export function auditReplay(): ReplayModel {
  // One row per event, never changed: written out while the replay goes on.
  const log = new AppendedTable<AuditLogRow>('audit_log');
  const records = new FoldedTable<AuditRecordRow>('audit_records', (row) => row.stream_id);
  return {
    tables: [log, records],
    follows: AUDIT_STREAM_TYPES.map((streamType) =>
      fold<AnyEvent>(streamType, AUDIT_EVENT_TYPES[streamType], (event) => {
        const entry = auditEntry(event, streamType);
        log.append(entry.log, event);
        if (entry.record) records.insert(entry.record, event);
        const current = records.get(event.stream);
        if (entry.rename && current) records.update(event.stream, renamed(current, entry.rename), event);
      }),
    ),
  };
}
