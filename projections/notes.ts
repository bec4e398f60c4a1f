import type { RecordedEvent } from '../server/src/eventstore/event-store.port';

/**
 * Admin notes are not hand-kept text: each lifecycle event adds one line "[timestamp] text".
 * Credit changes carry no notes of their own, so their line names the admin who made them.
 */
export function noteLine(event: RecordedEvent): string {
  const data = event.data as { notes?: string; at?: string };
  const at = data.at ?? event.created_at.toISOString();
  const admin = event.metadata.actor?.name ?? 'admin';
  const text =
    data.notes?.trim() ||
    {
      PostingCreditAdded: `Posting credit added by ${admin}`,
      PostingCreditRemoved: `Posting credit removed by ${admin}`,
    }[event.type] ||
    event.type;
  return `[${at}] ${text.replace(/\s*\n\s*/g, ' ')}`;
}

/** The same in memory, for rebuilds (see APPEND_NOTE). */
export const appendNote = (notes: string, line: string) => (notes === '' ? line : `${notes}\n${line}`);

/** Appends a line to a notes column in SQL: `notes = appendNote(notes, $n)`. */
export const APPEND_NOTE = (column: string, param: string) =>
  `CASE WHEN ${column} = '' THEN ${param} ELSE ${column} || E'\\n' || ${param} END`;
