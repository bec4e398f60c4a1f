import { formatNumericDateTime } from '@domain/shared/format';

/**
 * Admin notes: the record's verification_notes, one entry per line, each '[ISO time stamp] text'.
 * Shown as 'MM/DD/YYYY h:mm AM/PM: text' in local time; a line without a (readable) time stamp is
 * shown as it is. Blank lines are dropped.
 */
export interface NoteLine {
  /** 'MM/DD/YYYY h:mm AM' or null for a plain line */
  when: string | null;
  /** ISO time stamp for <time dateTime>, or null */
  iso: string | null;
  text: string;
}

const STAMPED = /^\[([^\]]+)\]\s?(.*)$/s;

export function parseNoteLine(line: string): NoteLine {
  const match = STAMPED.exec(line);
  if (match) {
    const when = formatNumericDateTime(match[1]);
    if (when) return { when, iso: new Date(match[1]).toISOString(), text: match[2].trim() };
  }
  return { when: null, iso: null, text: line };
}

export function parseNotes(notes: string | null | undefined): NoteLine[] {
  return (notes ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map(parseNoteLine);
}

/** One line as the screen shows it: 'MM/DD/YYYY h:mm AM/PM: text', or the plain line. */
export function formatNoteLine(note: NoteLine): string {
  return note.when ? `${note.when}: ${note.text}` : note.text;
}
