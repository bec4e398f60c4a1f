import { AUDIT_EVENT_TYPES, AUDIT_STREAM_TYPES, type AuditStreamType } from '../server/src/domain/admin/audit';
import type { AnyEvent } from '../server/src/domain/shared/events';
import { on, type Projection, type ProjectionContext } from '../server/src/platform/read-models/projection';
import type { Recorded } from '../server/src/platform/subscriptions';
import { auditEntry, renamed, type AuditLogRow, type AuditRecordRow } from './audit.entry';
import { auditReplay } from './audit.replay';

const LOG_COLUMNS: (keyof AuditLogRow)[] = [
  'global_position',
  'at',
  'stream_type',
  'stream_id',
  'version',
  'event_type',
  'actor_user_id',
  'actor_role',
  'actor_name',
  'data',
];
const RECORD_COLUMNS: (keyof AuditRecordRow)[] = [
  'stream_id',
  'stream_type',
  'record_id',
  'name',
  'first_name',
  'last_name',
  'posting_stream',
  'applicant_stream',
];
const placeholders = (count: number) => Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ');

/**
 * The platform audit (GET /api/admin/audit): every event of every stream as a row with the
 * columns its filters use (`audit_log`), and every record with its current name (`audit_records`)
 * for the free-text filter and the rows' record names.
 */
export const auditProjection: Projection = {
  name: 'audit',
  follows: AUDIT_STREAM_TYPES.map((streamType) =>
    // Read by admins, never as the answer to the command that appended the event: no command waits.
    on<AnyEvent>(streamType, AUDIT_EVENT_TYPES[streamType], (event, context) => apply(streamType, event, context), { eventual: true }),
  ),
  tables: ['audit_log', 'audit_records'],
  replay: auditReplay,
};

async function apply(streamType: AuditStreamType, event: Recorded<AnyEvent>, { tx, write }: ProjectionContext): Promise<void> {
  const { log, record, rename } = auditEntry(event, streamType);
  // Rows nobody reads back here: queued, a batch's rows go to Postgres together.
  await write(
    `INSERT INTO audit_log (${LOG_COLUMNS.join(', ')}) VALUES (${placeholders(LOG_COLUMNS.length)}) ON CONFLICT (global_position) DO NOTHING`,
    LOG_COLUMNS.map((column) => (column === 'data' ? JSON.stringify(log.data) : log[column])),
  );
  if (record) {
    await write(
      `INSERT INTO audit_records (${RECORD_COLUMNS.join(', ')}) VALUES (${placeholders(RECORD_COLUMNS.length)}) ON CONFLICT (stream_id) DO NOTHING`,
      RECORD_COLUMNS.map((column) => record[column]),
    );
  }
  if (!rename) return;
  const [current] = (await tx.query(`SELECT * FROM audit_records WHERE stream_id = $1`, [event.stream])) as AuditRecordRow[];
  if (!current) return;
  const next = renamed(current, rename);
  await tx.query(`UPDATE audit_records SET name = $2, first_name = $3, last_name = $4 WHERE stream_id = $1`, [
    event.stream,
    next.name,
    next.first_name,
    next.last_name,
  ]);
}
