/**
 * The calendar invite of a connection: the job's working days between its start and end dates,
 * all-day, at the facility's address. Both parties get the same event (the same UID), so
 * importing it twice updates it instead of doubling it.
 */
import { addDays, dayNumber, weekDayOf } from '../postings/calendar';
import { escapeText, icsDate, icsDateTime, renderCalendar, type IcsProperty } from '../shared/icalendar';

/** RFC 5545 weekday codes in the posting convention's order, 1 = Sunday ... 7 = Saturday. */
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

export interface JobCalendarInput {
  bid_id: string;
  title: string;
  facility_name: string;
  start_date: string;
  end_date: string;
  week_days: number[];
  /** The facility's address on one line; empty when unknown. */
  location: string;
  rate_text: string;
  url: string;
  now: Date;
}

export const CALENDAR_FILE_NAME = 'tenens-assignment.ics';
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** The first working day on or after the start (DTSTART must be an occurrence); null if none falls before the end. */
function firstWorkingDay(start: string, end: string, days: number[]): string | null {
  const first = dayNumber(start);
  const last = dayNumber(end);
  if (first === null || last === null) return null;
  for (let day = first; day <= last && day < first + 7; day++) {
    if (days.includes(weekDayOf(day))) return addDays(start, day - first);
  }
  return null;
}

export function jobCalendar(input: JobCalendarInput): string {
  const days = [...new Set(input.week_days.filter((d) => d >= 1 && d <= 7))].sort((a, b) => a - b);
  const start = (days.length > 0 ? firstWorkingDay(input.start_date, input.end_date, days) : null) ?? input.start_date;
  const properties: IcsProperty[] = [
    ['UID', `${input.bid_id}@tenens`],
    ['DTSTAMP', icsDateTime(input.now)],
    ['SUMMARY', escapeText(`${input.title} at ${input.facility_name}`)],
    ['DTSTART;VALUE=DATE', icsDate(start)],
  ];
  if (days.length > 0) {
    properties.push(['DTEND;VALUE=DATE', icsDate(addDays(start, 1) ?? start)]);
    properties.push(['RRULE', `FREQ=WEEKLY;UNTIL=${icsDate(input.end_date)};BYDAY=${days.map((d) => BYDAY[d - 1]).join(',')}`]);
  } else {
    // No working days named: one all-day event over the whole assignment (DTEND is exclusive).
    properties.push(['DTEND;VALUE=DATE', icsDate(addDays(input.end_date, 1) ?? input.end_date)]);
  }
  if (input.location) properties.push(['LOCATION', escapeText(input.location)]);
  properties.push(['DESCRIPTION', escapeText(`Locum assignment at ${input.facility_name}, ${input.rate_text}.\n${input.url}`)]);
  properties.push(['URL', input.url]);
  properties.push(['TRANSP', 'OPAQUE']);
  return renderCalendar('-//Tenens//Assignments//EN', [{ name: 'VEVENT', properties }]);
}
