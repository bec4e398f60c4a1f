/**
 * A small iCalendar (RFC 5545) writer: just what a calendar invite needs. Text values are escaped
 * (section 3.3.11), content lines are folded at 75 octets without splitting a UTF-8 character
 * (section 3.1), and lines end with CRLF.
 */

export type IcsProperty = [name: string, value: string];

/** TEXT escaping: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_OCTETS = 75;
const utf8 = new TextEncoder();

/** Splits a content line into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // Continuation lines begin with one space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A calendar of components, each a name and its properties (values already formatted). */
export function renderCalendar(prodId: string, components: { name: string; properties: IcsProperty[] }[]): string {
  const lines: string[] = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${prodId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const component of components) {
    lines.push(`BEGIN:${component.name}`);
    for (const [name, value] of component.properties) lines.push(`${name}:${value}`);
    lines.push(`END:${component.name}`);
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** YYYY-MM-DD as a DATE value (YYYYMMDD). */
export const icsDate = (date: string) => date.replace(/-/g, '');

/** An instant as a UTC DATE-TIME value (YYYYMMDDTHHMMSSZ). */
export const icsDateTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
