/**
 * Calendar arithmetic on YYYY-MM-DD strings. Job dates are calendar dates, not instants, so all
 * math happens on UTC day numbers: the same date means the same day on the server and in every
 * browser, whatever its time zone.
 */
import { calendarDay, DAY_MS } from '../accounts/calendar-date';

export { DAY_MS };

/** Days since 1970-01-01 for a real calendar date, or null (wrong shape, or e.g. 2025-02-30). */
export function dayNumber(date: unknown): number | null {
  return typeof date === 'string' ? calendarDay(date) : null;
}

/** The YYYY-MM-DD string of a UTC day number. */
export function calendarDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string | null {
  const day = dayNumber(date);
  return day === null ? null : calendarDate(day + days);
}

/** Weekday of a UTC day number in the posting convention: 1 = Sunday ... 7 = Saturday. */
export function weekDayOf(day: number): number {
  // 1970-01-01 (day 0) was a Thursday, weekday 5.
  return ((((day + 4) % 7) + 7) % 7) + 1;
}

/** Calendar days from start to end, both included; null when a date is invalid or end < start. */
export function daysInclusive(start: unknown, end: unknown): number | null {
  const first = dayNumber(start);
  const last = dayNumber(end);
  if (first === null || last === null || last < first) return null;
  return last - first + 1;
}

/** Today's date in UTC. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** UTC-12 is the zone where the calendar date changes last. */
const EARLIEST_UTC_OFFSET_MS = -12 * 3_600_000;

/**
 * The earliest calendar date anywhere at `now` (the counterpart of accounts' latestTodayAnywhere).
 * The server passes it as `today` to the job form schema, so "start date not in the past" depends
 * only on the instant: a facility picking its own today is never refused because UTC has already
 * moved on to tomorrow.
 */
export function earliestTodayAnywhere(now: Date): string {
  return utcToday(new Date(now.getTime() + EARLIEST_UTC_OFFSET_MS));
}

/**
 * The same moment one calendar month later (UTC), clamped to the month's last day:
 * Jan 31 -> Feb 28/29, so "one month" never spills into the month after.
 */
export function addOneMonth(now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const lastDayOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDayOfMonth);
  return new Date(Date.UTC(year, month, day, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
}

/** Milliseconds since the epoch of an ISO date-time, or null when it does not parse. */
export function instant(value: string | Date | null | undefined): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
