/**
 * Calendar dates as 'YYYY-MM-DD' strings (what the date inputs produce and the API carries).
 * No time zone is attached to such a date, so "not in the future" is judged against the latest
 * date it currently is anywhere on Earth (UTC+14). That makes the rule depend only on the instant,
 * not on the machine's zone: the server in UTC never refuses a date the user's browser accepted.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;
/** One UTC day; calendar dates count in these (postings' calendar re-exports it). */
export const DAY_MS = 86_400_000;
const ZERO = '0'.charCodeAt(0);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a real date written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  return calendarDay(value) !== null;
}

/**
 * Days since 1970-01-01 of a real date written YYYY-MM-DD, else null. Read digit by digit, without
 * a match or a Date: every bid view reads its posting's dates through it, several per command.
 * Years before 100 are refused, as Date.UTC would read them as 19xx.
 */
export function calendarDay(value: string): number | null {
  if (!ISO_DATE.test(value)) return null;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function digits(value: string, from: number, to: number): number {
  let number = 0;
  for (let i = from; i < to; i++) number = number * 10 + value.charCodeAt(i) - ZERO;
  return number;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

/** The latest calendar date anywhere at `now`, as YYYY-MM-DD. */
export function latestTodayAnywhere(now: Date): string {
  return new Date(now.getTime() + LATEST_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** True when `date` (YYYY-MM-DD) is today or earlier somewhere on Earth at `now`. */
export function isNotInFuture(date: string, now: Date = new Date()): boolean {
  return date <= latestTodayAnywhere(now);
}
