import { withoutSecrets, type AuditStreamType } from '../server/src/domain/admin/audit';
import type { RecordedEvent } from '../server/src/eventstore/event-store.port';
import { streamId } from '../server/src/platform/subscriptions';

/** One row of `audit_log`: the event with the columns the audit filters on. */
export interface AuditLogRow {
  [column: string]: unknown;
  global_position: string;
  at: string;
  stream_type: AuditStreamType;
  stream_id: string;
  version: number;
  event_type: string;
  actor_user_id: string | null;
  actor_role: string;
  actor_name: string | null;
  data: unknown;
}

/** One row of `audit_records`: a stream with its current name and the records it belongs to. */
export interface AuditRecordRow {
  [column: string]: unknown;
  stream_id: string;
  stream_type: AuditStreamType;
  record_id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  posting_stream: string | null;
  applicant_stream: string | null;
}

/** What one event does to the audit read model; the live projection and its replay both apply it. */
export interface AuditEntry {
  log: AuditLogRow;
  /** The record's row, on the stream's first event (kept if it exists). */
  record: AuditRecordRow | null;
  /** The record's new name, when the event renames it. */
  rename: Rename | null;
}

type Data = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function auditEntry(event: RecordedEvent, streamType: AuditStreamType): AuditEntry {
  const data = (event.data ?? {}) as Data;
  const actor = event.metadata?.actor;
  const log: AuditLogRow = {
    global_position: event.global_position,
    at: text(data.at) ?? event.created_at.toISOString(),
    stream_type: streamType,
    stream_id: event.stream,
    version: event.version,
    event_type: event.type,
    actor_user_id: actor?.user_id ?? null,
    actor_role: actor?.side ?? 'system',
    actor_name: actor?.name ?? null,
    data: withoutSecrets(data),
  };
  // The first event creates the record, named already; later ones may rename it.
  if (event.version === 0) return { log, record: recordOf(event, streamType, data), rename: null };
  return { log, record: null, rename: renameOf(event.type, data) };
}

function recordOf(event: RecordedEvent, streamType: AuditStreamType, data: Data): AuditRecordRow {
  const id = streamId(event);
  const postingId = streamType === 'bid' ? text(data.job_posting_id) : streamType === 'subscription' ? id : null;
  const applicantId = streamType === 'bid' ? text(data.applicant_id) : null;
  const record: AuditRecordRow = {
    stream_id: event.stream,
    stream_type: streamType,
    record_id: id,
    name: '',
    first_name: null,
    last_name: null,
    posting_stream: postingId && `posting-${postingId}`,
    applicant_stream: applicantId && `applicant-${applicantId}`,
  };
  const rename = renameOf(event.type, data);
  return rename ? renamed(record, rename) : record;
}

/** The record's name fields an event changes: a facility's name, a posting's title, an applicant's names. */
export type Rename = Partial<Pick<AuditRecordRow, 'name' | 'first_name' | 'last_name'>>;

function renameOf(type: string, data: Data): Rename | null {
  switch (type) {
    case 'FacilityRegistered':
    case 'FacilityProfileUpdated':
      return typeof data.name === 'string' ? { name: data.name } : null;
    case 'PostingCreated':
      return typeof data.title === 'string' ? { name: data.title } : null;
    case 'PostingEdited': {
      const title = (data.changes as Data | undefined)?.title;
      return typeof title === 'string' ? { name: title } : null;
    }
    case 'ApplicantRegistered':
    case 'ApplicantProfileUpdated': {
      // An update names only what changed, maybe one half of the name.
      const names: Rename = {};
      if ('first_name' in data) names.first_name = text(data.first_name);
      if ('last_name' in data) names.last_name = text(data.last_name);
      return Object.keys(names).length > 0 ? names : null;
    }
    default:
      return null;
  }
}

/** The record after a rename; an applicant's name is "first last" of its current halves. */
export function renamed(record: AuditRecordRow, rename: Rename): AuditRecordRow {
  const next = { ...record, ...rename };
  if (record.stream_type !== 'applicant') return next;
  return { ...next, name: [next.first_name, next.last_name].filter(Boolean).join(' ') };
}
