import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AUDIT_CSV_COLUMNS,
  auditCsvLine,
  auditRecordLink,
  type AuditFilters,
  type AuditPage,
  type AuditRow,
  type AuditStreamType,
} from '../../domain/admin/audit';
import type { ActorSide } from '../../domain/shared/history';

/** A CSV export reads the audit this many rows at a time, so its memory stays the same however long it is. */
const CSV_CHUNK = 1000;

interface AuditSqlRow {
  position: string;
  at: Date;
  stream_type: AuditStreamType;
  stream_id: string;
  version: number;
  event_type: string;
  actor_user_id: string | null;
  actor_role: ActorSide;
  actor_name: string | null;
  actor_email: string | null;
  data: Record<string, unknown>;
  record_id: string | null;
  record_name: string | null;
  posting_id: string | null;
  applicant_id: string | null;
  posting_name: string | null;
  applicant_name: string | null;
}

/** The platform audit, read from the audit read model (projections/audit.projection.ts). */
@Injectable()
export class AuditQueries {
  constructor(private readonly db: DataSource) {}

  /** One page, newest first, of the rows before `cursor`. */
  async page(filters: AuditFilters, { cursor, limit }: { cursor?: string; limit: number }): Promise<AuditPage> {
    const rows = await this.rows(filters, cursor, limit + 1);
    const more = rows.length > limit;
    const shown = rows.slice(0, limit);
    return { rows: shown, next_cursor: more ? (shown.at(-1)?.position ?? null) : null };
  }

  /** The whole filtered audit as CSV lines, header first, read a chunk at a time. */
  async *csv(filters: AuditFilters): AsyncGenerator<string> {
    yield AUDIT_CSV_COLUMNS.join(',') + '\r\n';
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.rows(filters, cursor, CSV_CHUNK);
      if (rows.length > 0) yield rows.map(auditCsvLine).join('');
      if (rows.length < CSV_CHUNK) return;
      cursor = rows.at(-1)?.position;
    }
  }

  /**
   * Rows are read newest first, so an end in the past would have the whole newer log skipped row
   * by row. Commands append at once at their own time, so nothing at or before `to` is appended
   * after an event more than TIME_SLACK later than it: the reading starts below the first such event
   * (found through the time index), which is where the rows of the range begin.
   */
  private async appendedBefore(to: string, param: (value: unknown) => string): Promise<string> {
    const [later] = (await this.db.query(
      `SELECT global_position::text AS position FROM audit_log WHERE at > $1::timestamptz + interval '${TIME_SLACK}' ORDER BY at LIMIT 1`,
      [to],
    )) as { position: string }[];
    return later ? `a.global_position < ${param(later.position)}::bigint` : 'true';
  }

  /** The condition "the event's record, its posting or its applicant is named like `q`". */
  private async recordsNamed(q: string, param: (value: unknown) => string): Promise<string> {
    const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    const named = (await this.db.query(`SELECT stream_id FROM audit_records WHERE name ILIKE $1 LIMIT ${FEW_NAMED + 1}`, [pattern])) as {
      stream_id: string;
    }[];
    if (named.length > FEW_NAMED) {
      const like = param(pattern);
      return `EXISTS (SELECT 1 FROM audit_records r
                        LEFT JOIN audit_records p ON p.stream_id = r.posting_stream
                        LEFT JOIN audit_records ap ON ap.stream_id = r.applicant_stream
                       WHERE r.stream_id = a.stream_id AND (r.name ILIKE ${like} OR p.name ILIKE ${like} OR ap.name ILIKE ${like}))`;
    }
    const streams = named.map((row) => row.stream_id);
    const related = (await this.db.query(
      `SELECT stream_id FROM audit_records WHERE stream_id = ANY($1) OR posting_stream = ANY($1) OR applicant_stream = ANY($1)`,
      [streams],
    )) as { stream_id: string }[];
    return `a.stream_id = ANY(${param(related.map((row) => row.stream_id))}::text[])`;
  }

  private async rows(filters: AuditFilters, cursor: string | undefined, limit: number): Promise<AuditRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (cursor) where.push(`a.global_position < ${param(cursor)}::bigint`);
    if (filters.stream_type) where.push(`a.stream_type = ${param(filters.stream_type)}`);
    if (filters.event_type) where.push(`a.event_type = ${param(filters.event_type)}`);
    if (filters.from) where.push(`a.at >= ${param(filters.from)}::timestamptz`);
    if (filters.to) {
      where.push(`a.at <= ${param(filters.to)}::timestamptz`);
      where.push(await this.appendedBefore(filters.to, param));
    }
    if (filters.actor) {
      // An email names the user it belongs to now; an id, whoever it was.
      where.push(
        filters.actor.includes('@')
          ? `a.actor_user_id = (SELECT id FROM users WHERE lower(email) = lower(${param(filters.actor)}))`
          : `a.actor_user_id = ${param(filters.actor)}::uuid`,
      );
    }
    if (filters.q) where.push(await this.recordsNamed(filters.q, param));
    const rows = (await this.db.query(
      `WITH page AS (
         SELECT a.* FROM audit_log a ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY a.global_position DESC LIMIT ${param(limit)})
       SELECT a.global_position::text AS position, a.at, a.stream_type, a.stream_id, a.version, a.event_type,
              a.actor_user_id, a.actor_role, a.actor_name, u.email AS actor_email, a.data,
              r.record_id, r.name AS record_name, p.record_id AS posting_id, ap.record_id AS applicant_id,
              p.name AS posting_name, ap.name AS applicant_name
         FROM page a
         LEFT JOIN audit_records r ON r.stream_id = a.stream_id
         LEFT JOIN audit_records p ON p.stream_id = r.posting_stream
         LEFT JOIN audit_records ap ON ap.stream_id = r.applicant_stream
         LEFT JOIN users u ON u.id = a.actor_user_id
        ORDER BY a.global_position DESC`,
      params,
    )) as AuditSqlRow[];
    return rows.map(auditRow);
  }
}

/** How far an event's time may trail the times of events appended before it (a command's time is its append's). */
const TIME_SLACK = '1 hour';

/**
 * Up to this many records named like the text, their streams are listed (with their bids' and
 * subscriptions') and read through the stream index; beyond, matches are common, so the log is
 * read newest first and each row's record checked, which finds a page's rows soon.
 */
const FEW_NAMED = 200;

function auditRow(row: AuditSqlRow): AuditRow {
  const id = row.record_id ?? row.stream_id.slice(row.stream_id.indexOf('-') + 1);
  return {
    position: row.position,
    at: row.at.toISOString(),
    stream: row.stream_id,
    stream_type: row.stream_type,
    version: row.version,
    event_type: row.event_type,
    actor: { user_id: row.actor_user_id, name: row.actor_name, email: row.actor_email, role: row.actor_role },
    record: {
      type: row.stream_type,
      id,
      name: recordName(row),
      link: auditRecordLink(row.stream_type, id, { posting_id: row.posting_id, applicant_id: row.applicant_id }),
      posting_id: row.posting_id,
    },
    data: row.data,
  };
}

/** A bid reads as its applicant on its posting; a subscription as its posting. */
function recordName(row: AuditSqlRow): string {
  if (row.stream_type === 'bid') return [row.applicant_name, row.posting_name].filter(Boolean).join(' on ');
  if (row.stream_type === 'subscription') return row.posting_name ?? '';
  return row.record_name ?? '';
}
