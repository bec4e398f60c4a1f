import type { RecordedEvent } from '../server/src/eventstore/event-store.port';

/**
 * Admin notes: each lifecycle event adds one generated line "[timestamp] text", and an admin's
 * own note (FacilityNoteAdded, ApplicantNoteAdded) one line naming them beside those. Credit
 * changes carry no notes of their own, so their line names the admin who made them, or the
 * posting a credit paid for.
 */
export function noteLine(event: RecordedEvent): string {
  const data = event.data as { notes?: string; at?: string; posting_id?: string; posting_title?: string };
  const at = data.at ?? event.created_at.toISOString();
  const admin = event.metadata.actor?.name ?? 'admin';
  const text = FREE_FORM_NOTES.has(event.type) ? `Note by ${admin}: ${data.notes?.trim() ?? ''}` : generated(event.type, data, admin);
  return `[${at}] ${text.replace(/\s*\n\s*/g, ' ')}`;
}

const FREE_FORM_NOTES = new Set(['FacilityNoteAdded', 'ApplicantNoteAdded']);

function generated(type: string, data: { notes?: string; posting_id?: string; posting_title?: string }, admin: string): string {
  const posting = data.posting_title ? `“${data.posting_title}”` : `posting ${data.posting_id ?? ''}`.trim();
  return (
    data.notes?.trim() ||
    {
      PostingCreditAdded: `Posting credit added by ${admin}`,
      PostingCreditRemoved: `Posting credit removed by ${admin}`,
      PostingCreditConsumed: `Posting credit used to publish ${posting}`,
    }[type] ||
    type
  );
}

/** The same in memory, for rebuilds (see APPEND_NOTE). */
export const appendNote = (notes: string, line: string) => (notes === '' ? line : `${notes}\n${line}`);

/** Appends a line to a notes column in SQL: `notes = appendNote(notes, $n)`. */
export const APPEND_NOTE = (column: string, param: string) =>
  `CASE WHEN ${column} = '' THEN ${param} ELSE ${column} || E'\\n' || ${param} END`;
