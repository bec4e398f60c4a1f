/**
 * Calendar dates as 'YYYY-MM-DD' strings (what the date inputs produce and the API carries).
 * No time zone is attached to such a date, so "not in the future" is judged against the latest
 * date it currently is anywhere on Earth (UTC+14). That makes the rule depend only on the instant,
 * not on the machine's zone: the server in UTC never refuses a date the user's browser accepted.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/** True for a real date written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The latest calendar date anywhere at `now`, as YYYY-MM-DD. */
export function latestTodayAnywhere(now: Date): string {
  return new Date(now.getTime() + LATEST_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** True when `date` (YYYY-MM-DD) is today or earlier somewhere on Earth at `now`. */
export function isNotInFuture(date: string, now: Date = new Date()): boolean {
  return date <= latestTodayAnywhere(now);
}
